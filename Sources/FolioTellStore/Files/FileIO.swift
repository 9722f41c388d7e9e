import FoundationEssentials
import Glibc
import Synchronization

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

/// What the store asked of the disk: the figures its benchmark prints.
public final class IOStats: Sendable {
  private let counts = Mutex((bytes: 0, writes: 0, largest: 0, fsyncs: 0))

  public init() {}
  public var bytesWritten: Int { counts.withLock { $0.bytes } }
  public var writes: Int { counts.withLock { $0.writes } }
  public var largestWrite: Int { counts.withLock { $0.largest } }
  public var fsyncs: Int { counts.withLock { $0.fsyncs } }

  func wrote(_ bytes: Int) {
    counts.withLock {
      $0.bytes += bytes
      $0.writes += 1
      $0.largest = max($0.largest, bytes)
    }
  }
  func synced() { counts.withLock { $0.fsyncs += 1 } }
}

/// Every system call of the store goes through here: errno is read at once, EINTR is retried, and a
/// failure becomes a StoreError naming the call and the path.
enum Syscall {
  @discardableResult
  static func run(_ call: String, _ path: String, _ body: () -> Int) throws(StoreError) -> Int {
    while true {
      let result = body()
      if result >= 0 { return result }
      let code = errno
      if code == EINTR { continue }
      throw StoreError(call: call, path: path, code: code)
    }
  }

  static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0o644) throws(StoreError) -> Int32 {
    Int32(try run("open", path) { Int(Glibc.open(path, flags | O_CLOEXEC, mode)) })
  }

  static func readAll(_ descriptor: Int32, _ path: String) throws(StoreError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var offset: off_t = 0
    while true {
      let count = try run("read", path) {
        buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
      }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
      offset += off_t(count)
    }
  }

  static func write(_ descriptor: Int32, _ bytes: [UInt8], at offset: Int, _ path: String, stats: IOStats)
    throws(StoreError)
  {
    var done = 0
    while done < bytes.count {
      let count = try run("write", path) {
        bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
      }
      done += count
    }
    stats.wrote(bytes.count)
  }

  static func sync(_ descriptor: Int32, _ path: String, stats: IOStats) throws(StoreError) {
    try run("fsync", path) { Int(fsync(descriptor)) }
    stats.synced()
  }

  /// Makes a rename or unlink inside `directory` durable.
  static func syncDirectory(_ directory: String, stats: IOStats) throws(StoreError) {
    let descriptor = try open(directory, O_RDONLY | O_DIRECTORY)
    defer { close(descriptor) }
    try sync(descriptor, directory, stats: stats)
  }
}
