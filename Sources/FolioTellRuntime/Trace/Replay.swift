import FolioTellJSON
import FolioTellCore

/// Feeds a trace through the box's root reducer, without hardware or clock, one output line per event.
/// A trace of version 2 or 3 (`TraceCoding`) starts with the box's whole state (version 2's is converted
/// on reading, `TraceVersion2`); one of version 1 is converted
/// on reading (`TraceVersion1`) and prints what it always printed, as do the oldest, of playback events
/// only.
public struct Replay {
  /// The whole box's state; nil until the trace has said how it starts.
  public private(set) var root: BoxState?
  /// The last event's time, for events that carry none.
  private var time = 0.0
  private var lineNumber = 0
  /// A trace that begins with its book is of the format before the root reducer: its output stays as it
  /// was (the event, the playback state, the playback effect). One that begins with `{"box": ...}` also
  /// gets every effect.
  private var legacy = false
  /// Whether the trace is of version 1 (or older) or derived from `Codable` (2 or 3), known from its
  /// first line.
  private var isDerived: Bool?
  /// Called with each step (the state before and after, the effects), for frames or tests.
  public var observe: ((BoxStep) -> Void)?
  /// Finds the long books the trace left out (`LongBookCoding`): replay looks among the kept books.
  private let books: LongBookCoding.Finder?

  public init(books: LongBookCoding.Finder? = nil) {
    self.books = books
  }

  public var state: PlaybackState? { root?.playback }

  /// Reads the next line of a trace. Returns the output line for an event, nil for a start, document or blank line.
  public mutating func feed(_ text: String) throws(TraceError) -> String? {
    lineNumber += 1
    if isDerived == nil, !text.allSatisfy(\.isWhitespace) { isDerived = TraceCoding.isHeader(text) }
    guard isDerived == false else { return try feedDerived(text) }
    guard let line = try TraceVersion1.parse(text, line: lineNumber) else { return nil }
    switch line {
    case .start(let start):
      var state = root ?? BoxState()
      start.apply(to: &state, at: time)
      root = state
      return nil
    case .document(let document):
      if root == nil { legacy = true }
      var state = root ?? BoxState()
      // A rate or voice in the document is the one the box had when it opened the book.
      if let wpm = document.wpm { state.playback.wpm = wpm }
      if let voice = document.voice { state.playback.voice = voice }
      root = state
      let saved = document.position.map {
        ReadingPosition(offset: $0, sentence: document.book.sentenceIndex(at: $0))
      }
      step(
        .bookOpened(
          bookID: document.bookID ?? "trace", book: document.book, saved: saved, title: document.title,
          path: document.path, chapters: document.chapters, bookmarks: document.bookmarks,
          pages: document.pages, notes: document.notes, language: document.language,
          paragraphs: document.paragraphs), at: document.time)
      return nil
    case .event(let event, let time):
      guard root != nil else {
        throw TraceError(
          line: lineNumber,
          message: "the first line must describe the book, like {\"document\": {\"sentences\": [[0, 12], [13, 40]]}}")
      }
      return output(step(.playback(event), at: time), line: TraceVersion1.encode(event, time: time))
    case .root(let event, let time):
      if root == nil { root = BoxState() }
      return output(step(event, at: time), line: TraceVersion1.encode(root: event, time: time) ?? "null")
    }
  }

  private mutating func feedDerived(_ text: String) throws(TraceError) -> String? {
    guard root != nil else {
      if text.allSatisfy(\.isWhitespace) { return nil }
      root = try TraceCoding.readHeader(text, line: lineNumber, books: books)
      return nil
    }
    guard let entry = try TraceCoding.readEntry(text, line: lineNumber, books: books) else { return nil }
    return TraceCoding.output(step(entry.event, at: entry.t))
  }

  @discardableResult
  private mutating func step(_ event: BoxEvent, at eventTime: Double?) -> BoxStep {
    if let eventTime { time = eventTime }
    let before = root ?? BoxState()
    let (after, effects) = Box.reduce(before, event, at: time)
    root = after
    let step = BoxStep(time: time, event: event, before: before, after: after, effects: effects)
    observe?(step)
    return step
  }

  /// `{"event", "state", "effect"}` as always, then every effect when there is more to say than the
  /// playback effect (menu announcements, saves, books opened).
  private func output(_ step: BoxStep, line event: String) -> String {
    // Timers were not effects when version 1 was written: its output stays as it was.
    let effects = step.effects.filter {
      switch $0 {
      case .startTimer: return false
      default: return true
      }
    }
    let playback = effects.compactMap { effect -> PlaybackEffect? in
      if case .playback(let playback) = effect { return playback }
      return nil
    }
    var fields = [
      ("event", event), ("state", TraceVersion1.encode(step.after)), ("effect", TraceVersion1.encode(playback.first)),
    ]
    if !legacy, effects.count > playback.count || playback.count > 1 {
      fields.append(("effects", TraceVersion1.encode(effects)))
    }
    return JSONWriter.object(fields)
  }

  /// Checks that the trace ended with a book: an empty trace has nothing to replay.
  public func finish() throws(TraceError) {
    if root == nil {
      throw TraceError(
        line: lineNumber + 1,
        message: "the trace is empty; it must start with {\"document\": {\"sentences\": [[start, end], ...]}}")
    }
  }
}
