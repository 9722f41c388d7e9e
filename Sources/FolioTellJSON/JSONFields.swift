import FoundationEssentials
import Glibc

/// A mistake in a board or config file: which file, which place in it, what to write instead.
public struct ConfigError: Error, CustomStringConvertible, Equatable {
  public var file: String
  public var reason: String
  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }
  public var description: String { "\(file): \(reason)" }
}

/// A JSON config file's top-level object, or why it cannot be read.
public func readConfigObject(_ path: String) throws(ConfigError) -> [String: Any] {
  guard let data = FileManager.default.contents(atPath: path) else {
    throw ConfigError(
      file: path,
      reason: FileManager.default.fileExists(atPath: path) ? "cannot be read (check its permissions)" : "no such file")
  }
  let object: Any
  do { object = try JSONObjectParser.parse(data) } catch {
    throw ConfigError(file: path, reason: "not valid JSON at \(error)")
  }
  guard let root = object as? [String: Any] else {
    throw ConfigError(file: path, reason: "must be a JSON object { ... }")
  }
  return root
}

/// Reads typed fields and names the exact place of a wrong one.
public struct JSONFields {
  public init(file: String) { self.file = file }

  public let file: String

  public func error(_ place: String, _ reason: String) -> ConfigError {
    ConfigError(file: file, reason: "\(place): \(reason)")
  }

  public func path(_ place: String, _ key: String) -> String { place.isEmpty ? key : place + "." + key }

  public func object(_ parent: [String: Any], _ key: String, at place: String) throws(ConfigError) -> [String: Any]? {
    guard let value = parent[key] else { return nil }
    guard let object = value as? [String: Any] else { throw error(path(place, key), "must be an object { ... }") }
    return object
  }

  public func array(_ parent: [String: Any], _ key: String, at place: String) throws(ConfigError) -> [Any]? {
    guard let value = parent[key] else { return nil }
    guard let array = value as? [Any] else { throw error(path(place, key), "must be a list [ ... ]") }
    return array
  }

  public func string(_ parent: [String: Any], _ key: String, at place: String) throws(ConfigError) -> String? {
    guard let value = parent[key] else { return nil }
    guard let string = value as? String, !string.isEmpty else {
      throw error(path(place, key), "must be a non-empty string")
    }
    return string
  }

  public func required(_ parent: [String: Any], _ key: String, at place: String) throws(ConfigError) -> String {
    guard let value = try string(parent, key, at: place) else { throw error(path(place, key), "is missing") }
    return value
  }

  public func bool(_ parent: [String: Any], _ key: String, at place: String) throws(ConfigError) -> Bool? {
    guard let value = parent[key] else { return nil }
    guard let flag = value as? Bool else { throw error(path(place, key), "must be true or false") }
    return flag
  }

  public func number(_ parent: [String: Any], _ key: String, at place: String, in range: ClosedRange<Double>)
    throws(ConfigError) -> Double?
  {
    guard let value = parent[key] else { return nil }
    guard let number = value as? Double, range.contains(number) else {
      throw error(path(place, key), "must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
    }
    return number
  }
}
