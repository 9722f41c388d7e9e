import Glibc

/// Standard input read whole, for commands that take a trace or script on a pipe.
public enum StandardInput {
  public static func readAll() throws(SystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = try SystemCall.run("read standard input") {
        buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
    }
  }
}
