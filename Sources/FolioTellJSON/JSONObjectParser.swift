/// JSON's null, kept as a value so that `"key": null` is an error about that key, not a missing key.
public struct JSONNull: Equatable, Sendable {}

/// A syntax error, with the line and column where the reader stopped.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var reason: String
  public var description: String { "line \(line), column \(column): \(reason)" }
}

/// The box's one JSON reader (RFC 8259): into a typed `JSONValue`, or into plain values (`[String: Any]`,
/// `[Any]`, `String`, `Double`, `Bool` and `JSONNull`). Traces, the config, board files and edge streams
/// are read with it: FoundationEssentials, which
/// the shipped binary links, has no `JSONSerialization`, and a config needs its keys unknown in advance.
public struct JSONObjectParser {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private static let maximumDepth = 64

  public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(JSONSyntaxError) -> Any {
    try parseValue(bytes).plain
  }

  /// The same reading, keeping the value typed (integers apart from fractions): traces are read with it.
  public static func parseValue<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONObjectParser(bytes: Array(bytes))
    // A UTF-8 byte order mark, as some editors write.
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipSpace()
    let value = try parser.value()
    parser.skipSpace()
    guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the end of the JSON") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func failure(_ reason: String) -> JSONSyntaxError {
    var line = 1
    var column = 1
    for byte in bytes[0..<min(index, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONSyntaxError(line: line, column: column, reason: reason)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = current else { throw failure("the JSON ends where a value was expected") }
    switch byte {
    case UInt8(ascii: "{"): return .object(try object())
    case UInt8(ascii: "["): return .array(try array())
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default:
      throw failure("expected a value (an object, list, string, number, true, false or null)")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    guard bytes[index...].starts(with: word.utf8) else { throw failure("expected \(word)") }
    index += word.utf8.count
    return value
  }

  private mutating func nest() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
  }

  private mutating func object() throws(JSONSyntaxError) -> [String: JSONValue] {
    try nest()
    defer { depth -= 1 }
    index += 1
    var object: [String: JSONValue] = [:]
    skipSpace()
    if current == UInt8(ascii: "}") {
      index += 1
      return object
    }
    while true {
      skipSpace()
      guard current == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
      let key = try string()
      skipSpace()
      guard current == UInt8(ascii: ":") else { throw failure("expected : after the key \"\(key)\"") }
      index += 1
      skipSpace()
      guard object[key] == nil else { throw failure("the key \"\(key)\" is given twice") }
      object[key] = try value()
      skipSpace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return object
      default: throw failure("expected , or } after the value of \"\(key)\" (a comma may be missing)")
      }
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> [JSONValue] {
    try nest()
    defer { depth -= 1 }
    index += 1
    var array: [JSONValue] = []
    skipSpace()
    if current == UInt8(ascii: "]") {
      index += 1
      return array
    }
    while true {
      skipSpace()
      array.append(try value())
      skipSpace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return array
      default: throw failure("expected , or ] in a list (a comma may be missing)")
      }
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var start = index
    func flush(_ parser: JSONObjectParser, upTo end: Int) throws(JSONSyntaxError) {
      guard let text = String(validating: parser.bytes[start..<end], as: UTF8.self) else {
        throw parser.failure("a string is not valid UTF-8")
      }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while true {
      guard let byte = current else { throw failure("a string has no closing double quote") }
      switch byte {
      case UInt8(ascii: "\""):
        try flush(self, upTo: index)
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flush(self, upTo: index)
        index += 1
        scalars.append(try escape())
        start = index
      case 0..<0x20:
        throw failure("a string has a control character in it; write \\n or \\t instead")
      default:
        index += 1
      }
    }
  }

  private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
    guard let byte = current else { throw failure("a string ends inside an escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try hex4()
      if (0xD800..<0xDC00).contains(first) {
        guard bytes[index...].starts(with: "\\u".utf8) else { throw failure("a \\u surrogate has no pair") }
        index += 2
        let second = try hex4()
        guard (0xDC00..<0xE000).contains(second) else { throw failure("a \\u surrogate has no pair") }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(first) else { throw failure("\\u escape of a lone surrogate") }
      return scalar
    default:
      throw failure("unknown escape \\\(Character(Unicode.Scalar(byte))) in a string")
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count, let text = String(validating: bytes[index..<index + 4], as: UTF8.self),
      let value = UInt32(text, radix: 16)
    else { throw failure("\\u must be followed by four hex digits") }
    index += 4
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    func digits(_ parser: inout JSONObjectParser) -> Int {
      let from = parser.index
      while let byte = parser.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { parser.index += 1 }
      return parser.index - from
    }
    if current == UInt8(ascii: "-") { index += 1 }
    let leading = index
    guard digits(&self) > 0 else { throw failure("a number needs digits") }
    if bytes[leading] == UInt8(ascii: "0"), index - leading > 1 { throw failure("a number cannot start with 0") }
    var isWhole = true
    if current == UInt8(ascii: ".") {
      isWhole = false
      index += 1
      guard digits(&self) > 0 else { throw failure("a number needs digits after the point") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isWhole = false
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard digits(&self) > 0 else { throw failure("a number needs digits in its exponent") }
    }
    guard let text = String(validating: bytes[start..<index], as: UTF8.self), let value = Double(text) else {
      throw failure("not a number")
    }
    // A whole number too large for an integer is kept as a fraction would be.
    if isWhole, let whole = Int(text) { return .int(whole) }
    return .double(value)
  }
}
