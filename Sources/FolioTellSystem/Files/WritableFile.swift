import Glibc

/// A file opened for writing, on a plain descriptor: the shipped binary has FoundationEssentials only,
/// which has no `FileHandle`. Writes are whole (short writes and EINTR are retried) and throw a
/// `SystemError` naming the call.
public final class WritableFile: @unchecked Sendable {
  public enum Opening: Sendable {
    /// Opens a file that exists, writing from its start (an existing `FileHandle(forWritingAtPath:)`).
    case existing
    /// Creates the file when missing, and writes at its end.
    case append
    /// Creates the file, or empties it.
    case truncate
  }

  public let path: String
  private var descriptor: Int32

  public init(path: String, opening: Opening) throws(SystemError) {
    self.path = path
    let flags: Int32
    switch opening {
    case .existing: flags = O_WRONLY | O_CLOEXEC
    case .append: flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC
    case .truncate: flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
    }
    descriptor = try SystemCall.run("open \(path)") { open(path, flags, 0o644) }
  }

  private init(standard descriptor: Int32, name: String) {
    self.descriptor = descriptor
    path = name
  }

  deinit { if descriptor > 2 { Glibc.close(descriptor) } }

  public static let standardOutput = WritableFile(standard: STDOUT_FILENO, name: "standard output")
  public static let standardError = WritableFile(standard: STDERR_FILENO, name: "standard error")

  public func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(SystemError) {
    let array = Array(bytes)
    var done = 0
    while done < array.count {
      let count = try SystemCall.run("write \(path)") {
        array.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
      }
      done += count
    }
  }

  public func write(_ text: String) throws(SystemError) { try write(text.utf8) }

  /// Writes to a standard stream, where a failure has nowhere to be reported.
  public func print(_ text: String) { try? write(text.utf8) }

  public func seek(to offset: Int) throws(SystemError) {
    try SystemCall.run("seek \(path)") { lseek(descriptor, off_t(offset), SEEK_SET) }
  }

  public func seekToEnd() throws(SystemError) {
    try SystemCall.run("seek \(path)") { lseek(descriptor, 0, SEEK_END) }
  }

  /// Closes it now (it also closes when freed); later writes fail with EBADF.
  public func close() throws(SystemError) {
    guard descriptor > 2 else { return }
    let closing = descriptor
    descriptor = -1
    try SystemCall.run("close \(path)") { Glibc.close(closing) }
  }
}
