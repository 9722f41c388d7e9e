import FolioTellJSON
import FolioTellCore

/// A line of a trace that cannot be read: the line number and what is wrong with it.
public struct TraceError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public var description: String { "line \(line): \(message)" }
}

/// The book a trace is about, from a `{"document": ...}` line.
public struct TraceDocument: Equatable, Sendable {
  public var book: SentenceMap
  public var position: Int?
  public var wpm: Int?
  public var voice: String?
  /// Written by recorders since the root reducer: the book's id, title and file, as the box opened it.
  public var bookID: String?
  public var title: String?
  public var path: String?
  /// When the book was opened (seconds on the box's clock).
  public var time: Double?
  /// `[[title, start], ...]`: the book's chapters.
  public var chapters: [ChapterMark] = []
  /// `[offset, ...]`: the book's bookmarks, as the store kept them.
  public var bookmarks: [Int] = []
  /// `[["label", start], ...]`: the print edition's pages; `[offset, ...]`: where notes are referred to.
  public var pages: [PageMark] = []
  public var notes: [Int] = []
  /// The book's language, as the box took it (declared or detected).
  public var language: String?
  /// `[offset, ...]`: where the book's paragraphs start.
  public var paragraphs: [Int] = []

  public init(
    book: SentenceMap, position: Int? = nil, wpm: Int? = nil, voice: String? = nil, bookID: String? = nil,
    title: String? = nil, path: String? = nil, time: Double? = nil
  ) {
    self.book = book
    self.position = position
    self.wpm = wpm
    self.voice = voice
    self.bookID = bookID
    self.title = title
    self.path = path
    self.time = time
  }
}

/// The box as a recording starts: the rate and voice chosen, and, when a file of the trace ring begins in
/// the middle of a session, what else the box had going (the menu, the sleep timer, the display's view,
/// how long a pause keeps the sound on).
public struct TraceStart: Equatable, Sendable {
  public var wpm: Int
  public var voice: String
  public var audioIdleSeconds: Double?
  public var menu: MenuState?
  public var sleepSeconds: Double?
  public var display: DisplayView?
  /// The volume, pitch and earcons, when not the defaults.
  public var settings: Settings?

  public init(
    wpm: Int, voice: String, audioIdleSeconds: Double? = nil, menu: MenuState? = nil, sleepSeconds: Double? = nil,
    display: DisplayView? = nil
  ) {
    self.wpm = wpm
    self.voice = voice
    self.audioIdleSeconds = audioIdleSeconds
    self.menu = menu
    self.sleepSeconds = sleepSeconds
    self.display = display
  }

  /// Sets what this start says on `state`.
  public func apply(to state: inout BoxState, at time: Double) {
    state.playback = PlaybackState(
      book: state.playback.book, offset: state.playback.offset, wpm: wpm, voice: voice,
      utteranceToken: state.playback.utteranceToken)
    if let audioIdleSeconds { state.audio.idleSeconds = audioIdleSeconds }
    if let menu { state.menu = menu }
    if let sleepSeconds { state.sleepTimer = SleepTimer(remaining: sleepSeconds, lastTick: time) }
    if let display {
      state.display.mode = display.mode
      state.display.night = display.night
    }
    if let settings {
      state.settings.volume = settings.volume
      state.settings.pitch = settings.pitch
      state.settings.earcons = settings.earcons
      state.display.isOff = settings.displayOff
      state.display.textSize = settings.textSize
    }
  }

  static let pageNames: [(MenuState.Page, String)] = MenuState.Page.allCases.map { ($0, $0.rawValue) }
}

public enum TraceLine: Equatable, Sendable {
  case start(TraceStart)
  case document(TraceDocument)
  case event(PlaybackEvent, time: Double?)
  /// Any other root event: a control, the knob, a clock tick, the menu, the library, the store.
  case root(BoxEvent, time: Double?)
}

/// Traces of version 1 (written before 0.15): read, converted to the core's events, and replayed with the
/// output they always gave. Frozen: new events and effects need nothing here (version 1 traces never hold
/// them; an effect new since then is printed as version 2 prints it). New traces are `TraceCoding`'s.
public enum TraceVersion1 {
  public static let eventNames = [
    "primaryTapped", "stopTapped", "jumpToNextSentenceTapped", "jumpToPreviousSentenceTapped",
    "startOverTapped", "speedChanged", "voiceChanged", "moveTo", "utteranceDidStart", "willSpeakRange",
    "utteranceDidFinish", "utteranceDidCancel", "pauseResolved", "engineFailed",
  ]

  /// Parses one line; nil for a blank line.
  public static func parse(_ text: String, line: Int) throws(TraceError) -> TraceLine? {
    if text.allSatisfy(\.isWhitespace) { return nil }
    let value: JSONValue
    do {
      value = try JSONValue.parse(text)
    } catch {
      throw TraceError(
        line: line, message: "not valid JSON (column \(error.column): \(error.reason)): \(abbreviated(text))")
    }
    guard case .object(let members) = value else {
      throw TraceError(line: line, message: "expected a JSON object, found \(value.kind)")
    }
    if let document = members["document"] {
      var parsed = try parseDocument(document, line: line)
      parsed.time = members["t"]?.doubleValue
      return .document(parsed)
    }
    if let box = members["box"] { return .start(try parseStart(box, line: line)) }
    return try parseEvent(members, line: line)
  }

  private static func parseDocument(_ value: JSONValue, line: Int) throws(TraceError) -> TraceDocument {
    guard case .object(let members) = value else {
      throw TraceError(line: line, message: "\"document\" must be an object with \"sentences\", found \(value.kind)")
    }
    guard case .array(let list)? = members["sentences"] else {
      throw TraceError(
        line: line,
        message:
          "the document needs \"sentences\": an array of [start, end] character offsets, like [[0, 12], [13, 40]]")
    }
    var spans: [TextSpan] = []
    for (index, item) in list.enumerated() {
      guard case .array(let pair) = item, pair.count == 2, let start = pair[0].intValue, let end = pair[1].intValue
      else {
        throw TraceError(line: line, message: "sentence \(index) must be [start, end] with two integers")
      }
      spans.append(TextSpan(start: start, end: end))
    }
    var text: String? = nil
    if let value = members["text"] {
      guard let string = value.stringValue else {
        throw TraceError(line: line, message: "the document's \"text\" must be a string, found \(value.kind)")
      }
      text = string
    }
    let book: SentenceMap
    do {
      book = try SentenceMap(sentences: spans, text: text)
    } catch {
      throw TraceError(line: line, message: error.description)
    }
    let position = try optionalInt(members, "position", line: line, what: "the document's")
    if let position, position < 0 || position > book.endOffset {
      throw TraceError(
        line: line, message: "position \(position) is outside the book, which ends at offset \(book.endOffset)")
    }
    let wpm = try optionalInt(members, "wpm", line: line, what: "the document's")
    if let wpm, !SpeechRate.limits.contains(wpm) {
      throw TraceError(
        line: line,
        message:
          "wpm \(wpm) is outside \(SpeechRate.limits.lowerBound)...\(SpeechRate.limits.upperBound)")
    }
    var voice: String? = nil
    if let value = members["voice"] {
      guard let string = value.stringValue, !string.isEmpty else {
        throw TraceError(line: line, message: "the document's \"voice\" must be a voice name, found \(value.kind)")
      }
      voice = string
    }
    func optionalString(_ field: String) throws(TraceError) -> String? {
      guard let value = members[field] else { return nil }
      guard let string = value.stringValue else {
        throw TraceError(line: line, message: "the document's \"\(field)\" must be a string, found \(value.kind)")
      }
      return string
    }
    var chapters: [ChapterMark] = []
    if case .array(let list)? = members["chapters"] {
      for item in list {
        guard case .array(let pair) = item, pair.count == 2, let title = pair[0].stringValue,
          let start = pair[1].intValue
        else { throw TraceError(line: line, message: "each chapter is [\"title\", start]") }
        chapters.append(ChapterMark(title: title, start: start))
      }
    }
    var bookmarks: [Int] = []
    if case .array(let list)? = members["bookmarks"] {
      for item in list {
        guard let offset = item.intValue, offset >= 0, offset <= book.endOffset else {
          throw TraceError(line: line, message: "each bookmark is an offset inside the book (0...\(book.endOffset))")
        }
        bookmarks.append(offset)
      }
    }
    var document = TraceDocument(
      book: book, position: position, wpm: wpm, voice: voice, bookID: try optionalString("bookID"),
      title: try optionalString("title"), path: try optionalString("path"))
    document.chapters = chapters
    document.bookmarks = bookmarks
    if case .array(let list)? = members["pages"] {
      for item in list {
        guard case .array(let pair) = item, pair.count == 2, let label = pair[0].stringValue,
          let start = pair[1].intValue
        else { throw TraceError(line: line, message: "each page is [\"label\", start]") }
        document.pages.append(PageMark(label: label, start: start))
      }
    }
    document.language = try optionalString("language")
    if case .array(let list)? = members["paragraphs"] {
      for item in list {
        guard let offset = item.intValue else { throw TraceError(line: line, message: "each paragraph is an offset") }
        document.paragraphs.append(offset)
      }
    }
    if case .array(let list)? = members["notes"] {
      for item in list {
        guard let offset = item.intValue else { throw TraceError(line: line, message: "each note is an offset") }
        document.notes.append(offset)
      }
    }
    return document
  }

  private static func parseStart(_ value: JSONValue, line: Int) throws(TraceError) -> TraceStart {
    guard case .object(let members) = value, let wpm = members["wpm"]?.intValue, SpeechRate.limits.contains(wpm),
      let voice = members["voice"]?.stringValue, !voice.isEmpty
    else {
      throw TraceError(
        line: line,
        message:
          "\"box\" must be {\"wpm\": N, \"voice\": \"NAME\"} with a rate from \(SpeechRate.limits.lowerBound) to \(SpeechRate.limits.upperBound)"
      )
    }
    var start = TraceStart(wpm: wpm, voice: voice)
    start.audioIdleSeconds = members["audioIdleSeconds"]?.doubleValue
    start.sleepSeconds = members["sleepSeconds"]?.doubleValue
    if case .object(let kept)? = members["settings"] {
      start.settings = Settings(
        volume: kept["volume"]?.intValue ?? 100, pitch: kept["pitch"]?.intValue ?? 50,
        earcons: kept["earcons"] != .bool(false), displayOff: kept["displayOff"] == .bool(true),
        textSize: kept["textSize"]?.stringValue.flatMap(TextSize.init(rawValue:)) ?? .normal)
    }
    if case .object(let menu)? = members["menu"] {
      guard let name = menu["page"]?.stringValue, let page = TraceStart.pageNames.first(where: { $0.1 == name })?.0,
        let selected = menu["selected"]?.intValue, selected >= 0
      else {
        throw TraceError(
          line: line,
          message:
            "\"menu\" is {\"page\": \"\(MenuState.Page.allCases.map(\.rawValue).joined(separator: "|"))\", \"selected\": N}"
        )
      }
      start.menu = MenuState(
        page: page, selected: selected, subject: menu["subject"]?.intValue ?? 0,
        resumeReading: menu["resume"] == .bool(true))
    }
    if case .object(let display)? = members["display"] {
      let mode = display["mode"]?.stringValue.flatMap(DisplayView.Mode.init(rawValue:)) ?? .reading
      let night: Bool
      if case .bool(let value)? = display["night"] { night = value } else { night = false }
      start.display = DisplayView(mode: mode, night: night)
    }
    return start
  }

  private static func parseEvent(_ members: [String: JSONValue], line: Int) throws(TraceError) -> TraceLine {
    guard let nameValue = members["event"] else {
      throw TraceError(
        line: line, message: "expected \"event\" (or \"document\"), like {\"event\": \"primaryTapped\"}")
    }
    guard let name = nameValue.stringValue else {
      throw TraceError(line: line, message: "\"event\" must be an event name, found \(nameValue.kind)")
    }
    var time: Double? = nil
    if let value = members["t"] {
      guard let seconds = value.doubleValue else {
        throw TraceError(line: line, message: "\"t\" must be a number of seconds, found \(value.kind)")
      }
      time = seconds
    }
    func int(_ field: String) throws(TraceError) -> Int {
      guard let value = members[field] else {
        throw TraceError(line: line, message: "\(name) needs the field \"\(field)\" (an integer)")
      }
      guard let number = value.intValue else {
        throw TraceError(line: line, message: "\(name)'s \"\(field)\" must be an integer, found \(value.kind)")
      }
      return number
    }
    func string(_ field: String) throws(TraceError) -> String {
      guard let value = members[field] else {
        throw TraceError(line: line, message: "\(name) needs the field \"\(field)\" (a string)")
      }
      guard let text = value.stringValue else {
        throw TraceError(line: line, message: "\(name)'s \"\(field)\" must be a string, found \(value.kind)")
      }
      return text
    }
    if let root = try parseRootEvent(name, members, line: line) { return .root(root, time: time) }
    let event: PlaybackEvent
    switch name {
    case "primaryTapped": event = .primaryTapped
    case "stopTapped": event = .stopTapped
    case "jumpToNextSentenceTapped": event = .jumpToNextSentenceTapped
    case "jumpToPreviousSentenceTapped": event = .jumpToPreviousSentenceTapped
    case "startOverTapped": event = .startOverTapped
    case "speedChanged": event = .speedChanged(wpm: try int("wpm"))
    case "voiceChanged": event = .voiceChanged(voice: try string("voice"))
    case "moveTo": event = .moveTo(offset: try int("offset"))
    case "utteranceDidStart": event = .utteranceDidStart(token: try int("token"))
    case "willSpeakRange":
      event = .willSpeakRange(token: try int("token"), location: try int("location"), length: try int("length"))
    case "utteranceDidFinish": event = .utteranceDidFinish(token: try int("token"))
    case "utteranceDidCancel": event = .utteranceDidCancel(token: try int("token"))
    case "pauseResolved": event = .pauseResolved(token: try int("token"))
    case "engineFailed": event = .engineFailed(token: try int("token"), reason: try string("reason"))
    default:
      throw TraceError(
        line: line,
        message: "unknown event \"\(name)\"; known events: \((eventNames + rootEventNames).joined(separator: ", "))")
    }
    return .event(event, time: time)
  }

  private static func optionalInt(_ members: [String: JSONValue], _ field: String, line: Int, what: String)
    throws(TraceError) -> Int?
  {
    guard let value = members[field] else { return nil }
    guard let number = value.intValue else {
      throw TraceError(line: line, message: "\(what) \"\(field)\" must be an integer, found \(value.kind)")
    }
    return number
  }

  private static func abbreviated(_ text: String) -> String {
    text.count > 60 ? String(text.prefix(57)) + "..." : text
  }

  // MARK: - Writing

  public static func encode(_ start: TraceStart) -> String {
    var fields = [("wpm", String(start.wpm)), ("voice", JSONWriter.string(start.voice))]
    if let seconds = start.audioIdleSeconds { fields.append(("audioIdleSeconds", JSONWriter.number(seconds))) }
    if let menu = start.menu, let name = TraceStart.pageNames.first(where: { $0.0 == menu.page })?.1 {
      fields.append(
        (
          "menu",
          JSONWriter.object(
            [("page", JSONWriter.string(name)), ("selected", String(menu.selected))]
              + (menu.subject != 0 ? [("subject", String(menu.subject))] : [])
              + (menu.resumeReading ? [("resume", "true")] : []))
        ))
    }
    if let seconds = start.sleepSeconds { fields.append(("sleepSeconds", JSONWriter.number(seconds))) }
    if let kept = start.settings {
      fields.append(
        (
          "settings",
          JSONWriter.object([
            ("volume", String(kept.volume)), ("pitch", String(kept.pitch)),
            ("earcons", kept.earcons ? "true" : "false"),
            ("displayOff", kept.displayOff ? "true" : "false"), ("textSize", JSONWriter.string(kept.textSize.rawValue)),
          ])
        ))
    }
    if let display = start.display {
      fields.append(
        (
          "display",
          JSONWriter.object([
            ("mode", JSONWriter.string(display.mode.rawValue)), ("night", display.night ? "true" : "false"),
          ])
        ))
    }
    return JSONWriter.object([("box", JSONWriter.object(fields))])
  }

  public static func encode(_ document: TraceDocument, includeText: Bool = true) -> String {
    var fields: [(String, String)] = [
      ("sentences", "[" + document.book.sentences.map { "[\($0.start), \($0.end)]" }.joined(separator: ", ") + "]")
    ]
    if includeText, document.book.hasText {
      fields.append(("text", JSONWriter.string(document.book.scalars.string)))
    }
    if let position = document.position { fields.append(("position", String(position))) }
    if let wpm = document.wpm { fields.append(("wpm", String(wpm))) }
    if let voice = document.voice { fields.append(("voice", JSONWriter.string(voice))) }
    if let bookID = document.bookID { fields.append(("bookID", JSONWriter.string(bookID))) }
    if let title = document.title { fields.append(("title", JSONWriter.string(title))) }
    if let path = document.path { fields.append(("path", JSONWriter.string(path))) }
    if !document.chapters.isEmpty {
      let list = document.chapters.map { "[" + JSONWriter.string($0.title) + ", " + String($0.start) + "]" }
      fields.append(("chapters", "[" + list.joined(separator: ", ") + "]"))
    }
    if !document.bookmarks.isEmpty {
      fields.append(("bookmarks", "[" + document.bookmarks.map(String.init).joined(separator: ", ") + "]"))
    }
    if !document.pages.isEmpty {
      let list = document.pages.map { "[" + JSONWriter.string($0.label) + ", " + String($0.start) + "]" }
      fields.append(("pages", "[" + list.joined(separator: ", ") + "]"))
    }
    if let language = document.language { fields.append(("language", JSONWriter.string(language))) }
    if !document.paragraphs.isEmpty {
      fields.append(("paragraphs", "[" + document.paragraphs.map(String.init).joined(separator: ", ") + "]"))
    }
    if !document.notes.isEmpty {
      fields.append(("notes", "[" + document.notes.map(String.init).joined(separator: ", ") + "]"))
    }
    var line: [(String, String)] = []
    if let time = document.time { line.append(("t", JSONWriter.number(time))) }
    line.append(("document", JSONWriter.object(fields)))
    return JSONWriter.object(line)
  }

  public static func encode(_ event: PlaybackEvent, time: Double?) -> String {
    var fields: [(String, String)] = []
    if let time { fields.append(("t", JSONWriter.number(time))) }
    fields.append(("event", JSONWriter.string(event.name)))
    switch event {
    case .primaryTapped, .stopTapped, .jumpToNextSentenceTapped, .jumpToPreviousSentenceTapped, .startOverTapped:
      break
    case .speedChanged(let wpm): fields.append(("wpm", String(wpm)))
    case .voiceChanged(let voice): fields.append(("voice", JSONWriter.string(voice)))
    case .moveTo(let offset): fields.append(("offset", String(offset)))
    case .utteranceDidStart(let token), .utteranceDidFinish(let token), .utteranceDidCancel(let token),
      .pauseResolved(let token):
      fields.append(("token", String(token)))
    case .willSpeakRange(let token, let location, let length):
      fields += [("token", String(token)), ("location", String(location)), ("length", String(length))]
    case .engineFailed(let token, let reason):
      fields += [("token", String(token)), ("reason", JSONWriter.string(reason))]
    }
    return JSONWriter.object(fields)
  }

  public static func encode(_ state: PlaybackState) -> String {
    JSONWriter.object([
      ("phase", JSONWriter.string(state.phase.name)),
      ("token", String(state.utteranceToken)),
      ("sentence", String(state.sentenceIndex)),
      ("offset", String(state.offset)),
      ("wpm", String(state.wpm)),
    ])
  }

  public static func encode(_ effect: PlaybackEffect?) -> String {
    guard let effect else { return "null" }
    var fields: [(String, String)] = [("effect", JSONWriter.string(effect.name))]
    switch effect {
    case .startUtterance(let token, let offset, let wpm, let voice):
      fields += [
        ("token", String(token)), ("offset", String(offset)), ("wpm", String(wpm)),
        ("voice", JSONWriter.string(voice)),
      ]
    case .pause(let token), .resume(let token), .stop(let token):
      fields.append(("token", String(token)))
    case .deactivateAudio:
      break
    }
    return JSONWriter.object(fields)
  }
}
