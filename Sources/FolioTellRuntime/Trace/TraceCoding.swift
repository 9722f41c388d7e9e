import FolioTellJSON
import FolioTellCore
import FoundationEssentials

/// The trace format, version 3: every line is JSON that Swift's `Codable` derives from the core's own
/// types, so a new event, effect or field of the state needs no change here.
///
///     {"state":{...the whole BoxState...},"trace":3}     the box as the recording starts
///     {"event":{"control":{"gesture":"short","name":"NEXT"}},"t":4.5}
///
/// Replay prints, for each event, `{"effects":[...],"event":{...},"state":{summary},"t":4.5}`. Traces of
/// version 2 (the same, with the state's fields flat) are converted on reading by `TraceVersion2`, and
/// traces of version 1 (no `"trace"` line) by `TraceVersion1`.
public enum TraceCoding {
  public static let version = 3

  /// The first line: the version, and the box's whole state before the first event.
  public struct Header: Codable, Sendable {
    public var trace: Int
    public var state: BoxState
    /// The open book is long and its layout was left out (`TraceLongBooks`).
    public var layoutLeftOut: Bool?
  }

  /// An event and when it was handled (seconds on the box's clock).
  public struct Entry: Codable, Sendable {
    public var t: Double
    public var event: BoxEvent
    /// The event's book is long and its layout was left out (`TraceLongBooks`).
    public var layoutLeftOut: Bool?
  }

  /// What replay prints of the state after an event: where playback is, the menu page, the sleep timer
  /// and the display's view.
  public struct Summary: Codable, Equatable, Sendable {
    public var phase: String
    public var token: Int
    public var sentence: Int
    public var offset: Int
    public var wpm: Int
    public var menu: String?
    public var selected: Int?
    public var sleepSeconds: Double?
    public var display: String?

    public init(_ state: BoxState) {
      phase = state.playback.phase.name
      token = state.playback.utteranceToken
      sentence = state.playback.sentenceIndex
      offset = state.playback.offset
      wpm = state.playback.wpm
      menu = state.menu.map { Menu.title(of: $0.page, BoxWords(language: "en")) }
      selected = state.menu?.selected
      sleepSeconds = state.sleepTimer?.remaining
      if state.display.mode != .reading || state.display.night {
        display = state.display.mode.rawValue + (state.display.night ? ", night" : "")
      }
    }
  }

  /// One line of replay's output.
  public struct Output: Codable, Sendable {
    public var t: Double
    public var event: BoxEvent
    public var state: Summary
    public var effects: [BoxEffect]
  }

  private struct Probe: Decodable {
    var trace: Int?
  }

  /// Books longer than this (in characters) are written as their size only (`LongBookCoding`): a line
  /// or a state header stays well under a ring file's 4 MB, and is written in milliseconds.
  public static let longBookCharacters = 1 << 18

  /// The same bytes for the same value on every run: keys sorted.
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.userInfo[LongBookCoding.characterLimitKey] = longBookCharacters
    return encoder
  }

  /// Reads the books a trace left out with `books`, when given.
  static func decoder(books: LongBookCoding.Finder?) -> JSONDecoder {
    let decoder = JSONDecoder()
    if let books { decoder.userInfo[LongBookCoding.finderKey] = books }
    return decoder
  }

  /// A value as one line of JSON.
  public static func json(_ value: some Encodable) -> String {
    // The core's types are plain data: encoding them cannot fail.
    String(decoding: (try? encoder().encode(value)) ?? Data("null".utf8), as: UTF8.self)
  }

  public static func header(_ state: BoxState) -> String {
    let (slim, leftOut) = slimmed(state)
    return json(Header(trace: version, state: slim, layoutLeftOut: leftOut ? true : nil))
  }

  public static func line(_ event: BoxEvent, at time: Double) -> String {
    let (slim, leftOut) = slimmed(event)
    return json(Entry(t: time, event: slim, layoutLeftOut: leftOut ? true : nil))
  }

  public static func output(_ step: BoxStep) -> String {
    json(Output(t: step.time, event: step.event, state: Summary(step.after), effects: step.effects))
  }

  /// Whether a trace's first line is a derived header (version 2 or later).
  public static func isHeader(_ text: String) -> Bool {
    guard text.contains("\"trace\"") else { return false }
    return ((try? JSONDecoder().decode(Probe.self, from: Data(text.utf8)))?.trace ?? 0) >= 2
  }

  public static func readHeader(
    _ text: String, line: Int, books: LongBookCoding.Finder? = nil
  ) throws(TraceError) -> BoxState {
    let written = (try? JSONDecoder().decode(Probe.self, from: Data(text.utf8)))?.trace
    guard let written, (2...version).contains(written) else {
      throw TraceError(
        line: line,
        message:
          "this trace is of version \(written.map(String.init) ?? "unknown"); this box reads versions 1 to \(version): replay it with the box that wrote it")
    }
    do {
      var recorded = try JSONValue.parse(text)
      if written == 2, case .object(var members) = recorded, let state = members["state"] {
        members["state"] = TraceVersion2.converted(state)
        recorded = .object(members)
      }
      // Fields added to the state since the trace was recorded start as a new box's do.
      let defaults = try JSONValue.parse(header(BoxState()))
      let filled = try encoder().encode(recorded.filling(from: defaults))
      let header = try decoder(books: books).decode(Header.self, from: filled)
      return header.layoutLeftOut == true ? restored(header.state, books: books) : header.state
    } catch {
      throw TraceError(line: line, message: "the trace's first line cannot be read: \(reason(error))")
    }
  }

  /// An event line; nil for a blank one.
  public static func readEntry(
    _ text: String, line: Int, books: LongBookCoding.Finder? = nil
  ) throws(TraceError) -> Entry? {
    if text.allSatisfy(\.isWhitespace) { return nil }
    do {
      var entry = try decoder(books: books).decode(Entry.self, from: Data(text.utf8))
      if entry.layoutLeftOut == true { entry.event = restored(entry.event, books: books) }
      return entry
    } catch {
      throw TraceError(line: line, message: "not an event of a version \(version) trace: \(reason(error))")
    }
  }

  /// What a decoding error says, in words: which field, and what was wrong with it.
  static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let names = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return names.isEmpty ? "the line" : names.joined(separator: ".")
    }
    switch error {
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "\(path(context)) needs \"\(key.stringValue)\""
    case .typeMismatch(let type, let context):
      return "\(path(context)) must be \(type)"
    case .valueNotFound(let type, let context):
      return "\(path(context)) must be \(type), found null"
    @unknown default:
      return "\(error)"
    }
  }
}
