/// A parsed JSON value that keeps integers and fractions apart. `Codable`, so a trace's state can be
/// read, completed and decoded again.
public enum JSONValue: Equatable, Sendable, Codable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let values): try container.encode(values)
    case .object(let members): try container.encode(members)
    }
  }

  /// Reads one JSON text (a trace line) with the box's one JSON reader.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONObjectParser.parseValue(text.utf8)
  }

  /// As plain values (`[String: Any]`, `[Any]`, `String`, `Double`, `Bool`, `JSONNull`), for readers of
  /// configs whose keys are not known in advance.
  public var plain: Any {
    switch self {
    case .null: return JSONNull()
    case .bool(let value): return value
    case .int(let value): return Double(value)
    case .double(let value): return value
    case .string(let value): return value
    case .array(let values): return values.map(\.plain)
    case .object(let members): return members.mapValues(\.plain)
    }
  }

  public var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
    default: return nil
    }
  }

  public var doubleValue: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var kind: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .int, .double: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
