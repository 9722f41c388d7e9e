import FolioTellCore

/// Feeds a trace through the playback reducer, without hardware or clock, one output line per event.
public struct Replay {
  public private(set) var state: PlaybackState?
  private var lineNumber = 0

  public init() {}

  /// Reads the next line of a trace. Returns the output line for an event, nil for a document or blank line.
  public mutating func feed(_ text: String) throws(TraceError) -> String? {
    lineNumber += 1
    guard let line = try TraceFormat.parse(text, line: lineNumber) else { return nil }
    switch line {
    case .document(let document):
      // A later document line is the box opening another book: tokens go on counting.
      let previous = state
      state = PlaybackState(
        book: document.book, offset: document.position ?? 0,
        wpm: document.wpm ?? previous?.wpm ?? SpeechRate.normal,
        voice: document.voice ?? previous?.voice ?? "en",
        utteranceToken: previous?.utteranceToken ?? 0)
      return nil
    case .event(let event, let time):
      guard let current = state else {
        throw TraceError(
          line: lineNumber,
          message: "the first line must describe the book, like {\"document\": {\"sentences\": [[0, 12], [13, 40]]}}")
      }
      let (next, effect) = Playback.reduce(current, event)
      state = next
      return JSONWriter.object([
        ("event", TraceFormat.encode(event, time: time)),
        ("state", TraceFormat.encode(next)),
        ("effect", TraceFormat.encode(effect)),
      ])
    }
  }

  /// Checks that the trace ended with a book: an empty trace has nothing to replay.
  public func finish() throws(TraceError) {
    if state == nil {
      throw TraceError(
        line: lineNumber + 1,
        message: "the trace is empty; it must start with {\"document\": {\"sentences\": [[start, end], ...]}}")
    }
  }
}
