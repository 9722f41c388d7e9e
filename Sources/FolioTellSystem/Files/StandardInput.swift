import Glibc

/// Standard input read whole, for commands that take a trace or script on a pipe.
public enum StandardInput {
  public static func readAll() throws(SystemError) -> [UInt8] {
    try ReadableFile.readAll(descriptor: STDIN_FILENO, what: "read standard input")
  }
}

/// A file read whole by its descriptor, whatever it is: a plain file, a pipe (`<(...)`), `/dev/null`.
public enum ReadableFile {
  /// The file's bytes; nil when it cannot be opened (no such file, not readable, a folder).
  public static func contents(atPath path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return try? readAll(descriptor: descriptor, what: "read '\(path)'")
  }

  static func readAll(descriptor: Int32, what: String) throws(SystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = try SystemCall.run(what) {
        buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
    }
  }
}
