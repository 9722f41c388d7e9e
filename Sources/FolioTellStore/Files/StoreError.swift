import Glibc

/// A file-system call that failed: which call, on which path, and errno, with what to do about it.
public struct StoreError: Error, Equatable, CustomStringConvertible {
  public var call: String
  public var path: String
  public var code: Int32

  public init(call: String, path: String, code: Int32) {
    self.call = call
    self.path = path
    self.code = code
  }

  public var description: String {
    let reason = String(cString: strerror(code))
    let advice: String
    switch code {
    case EROFS:
      advice = "; the file system is read-only: mount the data partition read-write or choose another --data-dir"
    case ENOSPC, EDQUOT: advice = "; the disk is full: free some space"
    case EACCES, EPERM: advice = "; the box has no permission: check the owner of the data directory"
    case EIO: advice = "; the storage device reported an error: check or replace the SD card"
    default: advice = ""
    }
    return "Failed to \(call) '\(path)': \(reason)\(advice)"
  }
}
