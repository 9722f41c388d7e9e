import Glibc

/// Folders made with the reason a failure has (FoundationEssentials' errors carry no errno text).
public enum Folders {
  /// `mkdir -p`: the folder and its missing parents; nothing when it is already there.
  public static func make(_ path: String, mode: mode_t = 0o755) throws(SystemError) {
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw SystemError(call: "make the folder \(path)", code: ENOTDIR) }
      return
    }
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try make(String(path[..<slash]), mode: mode) }
    if mkdir(path, mode) != 0, errno != EEXIST { throw SystemError(call: "make the folder \(path)", code: errno) }
  }
}
