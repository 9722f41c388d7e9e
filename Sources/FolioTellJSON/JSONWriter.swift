/// Writes JSON with keys in the order given, so trace lines read the same every time.
public struct JSONWriter {
  public private(set) var text = ""

  public init() {}

  public static func string(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
  }

  /// An object from already-encoded member values, in order.
  public static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }
}
