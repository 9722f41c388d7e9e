import CSystem
import Glibc

/// A system call that failed: which call and errno, in words.
public struct SystemError: Error, Equatable, CustomStringConvertible {
  public var call: String
  public var code: Int32

  public init(call: String, code: Int32) {
    self.call = call
    self.code = code
  }

  public var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// Every system call of the event loop goes through here: errno is read at once, EINTR is retried, and
/// a failure throws a `SystemError` naming the call.
public enum SystemCall {
  @discardableResult
  public static func run<Result: BinaryInteger>(_ call: String, _ body: () -> Result) throws(SystemError) -> Result {
    while true {
      let result = body()
      if result >= 0 { return result }
      let code = folio_errno()
      if code == EINTR { continue }
      throw SystemError(call: call, code: code)
    }
  }
}

/// A file descriptor with one owner, closed when the owner is freed.
public final class FileDescriptor: Sendable {
  public let raw: Int32

  public init(_ raw: Int32) { self.raw = raw }

  /// Takes the descriptor a call returned, or throws its error.
  public convenience init(_ call: String, _ body: () -> Int32) throws(SystemError) {
    self.init(try SystemCall.run(call, body))
  }

  deinit { close(raw) }
}
