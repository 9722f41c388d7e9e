import FolioTellJSON
import FolioTellCore
import FolioTellSystem
import FoundationEssentials
import Glibc

/// One raw edge of a GPIO line, as `foliotell controls --record` writes it and `--replay` reads it:
/// `{"t": 0.0123, "line": "GPIO17", "value": 0}` per line, `t` in seconds on the kernel's clock,
/// `value` the line's raw level.
public struct EdgeRecord: Equatable, Sendable {
  public var time: Double
  public var line: String
  public var value: Int

  public init(time: Double, line: String, value: Int) {
    self.time = time
    self.line = line
    self.value = value
  }

  /// Times must stay below 2^32 s: there a Double still resolves about a microsecond, and a 20 ms debounce
  /// or a 150 ms repeat still moves time forward.
  public static let latestTime = 4_294_967_296.0

  public var jsonLine: String {
    let escaped = line.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    return "{\"t\": \(String(printf: "%.6f", time)), \"line\": \"\(escaped)\", \"value\": \(value)}"
  }
}

public struct EdgeStreamError: Error, CustomStringConvertible, Equatable {
  public var file: String
  public var line: Int
  public var reason: String

  public var description: String {
    "\(file), line \(line): \(reason); each line is {\"t\": SECONDS, \"line\": \"GPIO17\", \"value\": 0 or 1}"
  }
}

public enum EdgeStream {
  /// Parses a whole recording; blank lines are skipped. Edges must not go back in time.
  public static func parse(_ text: String, file: String) throws(EdgeStreamError) -> [EdgeRecord] {
    var edges: [EdgeRecord] = []
    // "\r\n" is one Character, and a newline: Windows line endings split like Unix ones.
    for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let line = raw.trimmingWhitespace()
      if line.isEmpty { continue }
      let number = index + 1
      guard let object = (try? JSONObjectParser.parse(line.utf8)) as? [String: Any] else {
        throw EdgeStreamError(file: file, line: number, reason: "not a JSON object")
      }
      guard let time = object["t"] as? Double, time.isFinite, time >= 0 else {
        throw EdgeStreamError(file: file, line: number, reason: "\"t\" is missing or not a number of seconds >= 0")
      }
      guard time < EdgeRecord.latestTime else {
        throw EdgeStreamError(
          file: file, line: number,
          reason:
            "\"t\" is \(time) s, past \(Int(EdgeRecord.latestTime)) s (136 years), where seconds no longer hold the microseconds the debounce needs; record times on the kernel's monotonic clock"
        )
      }
      guard let name = object["line"] as? String, !name.isEmpty else {
        throw EdgeStreamError(file: file, line: number, reason: "\"line\" is missing or not a line name")
      }
      guard let value = (object["value"] as? Double).flatMap({ Int(exactly: $0) }), value == 0 || value == 1 else {
        throw EdgeStreamError(file: file, line: number, reason: "\"value\" must be 0 or 1")
      }
      if let last = edges.last, time < last.time {
        throw EdgeStreamError(
          file: file, line: number, reason: "\"t\" goes back in time (\(time) after \(last.time))")
      }
      edges.append(EdgeRecord(time: time, line: name, value: value))
    }
    return edges
  }
}
