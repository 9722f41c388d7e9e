import FolioTellSystem
import Glibc

extension String {
  /// C's printf formatting of numbers (`%.1f`, `%06d`): Foundation's `String(printf:)` is not in
  /// FoundationEssentials. Pass numbers only; interpolate strings.
  public init(printf format: String, _ arguments: any CVarArg...) {
    self = withVaList(arguments) { list in
      var buffer = [CChar](repeating: 0, count: 128)
      let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
      guard needed >= buffer.count else { return String(cString: buffer) }
      return withVaList(arguments) { again in
        var larger = [CChar](repeating: 0, count: needed + 1)
        _ = vsnprintf(&larger, larger.count, format, again)
        return String(cString: larger)
      }
    }
  }
}
