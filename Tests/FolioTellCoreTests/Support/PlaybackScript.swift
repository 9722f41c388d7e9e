import Testing

@testable import FolioTellCore

/// A reducer test as a script: each step sends an event, states how the whole state changed,
/// and which effect came out. Anything not stated must not change.
struct PlaybackScript {
  var state: PlaybackState

  init(_ state: PlaybackState) { self.state = state }

  init(book: SentenceMap = Books.three, offset: Int = 0, wpm: Int = 175, voice: String = "en") {
    state = PlaybackState(book: book, offset: offset, wpm: wpm, voice: voice)
  }

  mutating func send(
    _ event: PlaybackEvent,
    effect expectedEffect: PlaybackEffect? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout PlaybackState) -> Void = { _ in }
  ) {
    var expected = state
    update(&expected)
    let (next, effect) = Playback.reduce(state, event)
    #expect(next == expected, "state after \(event)", sourceLocation: sourceLocation)
    #expect(effect == expectedEffect, "effect of \(event)", sourceLocation: sourceLocation)
    state = next
  }

  /// Sends an event that must change nothing: same state, no effect.
  mutating func ignores(_ event: PlaybackEvent, sourceLocation: SourceLocation = #_sourceLocation) {
    send(event, effect: nil, sourceLocation: sourceLocation)
  }

  /// Plays from idle and has the engine confirm the start: phase speaking with token `state.utteranceToken + 1`.
  mutating func play(sourceLocation: SourceLocation = #_sourceLocation) {
    let token = state.utteranceToken + 1
    let offset = state.offset
    send(
      .primaryTapped, effect: .startUtterance(token: token, offset: offset, wpm: state.wpm, voice: state.voice),
      sourceLocation: sourceLocation
    ) {
      $0.utteranceToken = token
      $0.phase = .speaking(Utterance(token: token, startOffset: offset, wpm: $0.wpm, voice: $0.voice))
    }
    send(.utteranceDidStart(token: token), sourceLocation: sourceLocation) {
      $0.phase = .speaking(Utterance(token: token, startOffset: offset, wpm: $0.wpm, voice: $0.voice, started: true))
    }
  }

  /// The engine reports the word at `location` of the live utterance.
  mutating func hear(_ location: Int, length: Int = 3, sourceLocation: SourceLocation = #_sourceLocation) {
    let token = state.utteranceToken
    send(.willSpeakRange(token: token, location: location, length: length), sourceLocation: sourceLocation) {
      $0.offset = location
      $0.word = TextSpan(start: location, end: location + length)
    }
  }

  /// Pauses the live utterance and has the engine resolve the pause.
  mutating func pauseFully(sourceLocation: SourceLocation = #_sourceLocation) {
    guard let live = state.phase.liveUtterance else {
      Issue.record("pauseFully needs a live utterance", sourceLocation: sourceLocation)
      return
    }
    send(.primaryTapped, effect: .pause(token: live.token), sourceLocation: sourceLocation) {
      $0.phase = .pausing(live, resumeWhenSilent: false)
    }
    send(.pauseResolved(token: live.token), sourceLocation: sourceLocation) { $0.phase = .paused(live) }
  }

  var live: Utterance? { state.phase.liveUtterance }
}

/// Books used across the tests.
enum Books {
  /// "One two three. Four five six. Seven eight nine." Sentences at 0, 15 and 30; the text ends at 47.
  static let three = try! SentenceMap(
    sentences: [TextSpan(start: 0, end: 14), TextSpan(start: 15, end: 29), TextSpan(start: 30, end: 47)],
    text: "One two three. Four five six. Seven eight nine.")

  /// The same shape without text: only the ranges are known.
  static let rangesOnly = try! SentenceMap(sentences: [
    TextSpan(start: 0, end: 10), TextSpan(start: 11, end: 20), TextSpan(start: 21, end: 30),
  ])

  /// Sentences that begin after an opening quote, so the first word is not at the sentence's start.
  static let quoted = try! SentenceMap(
    sentences: [TextSpan(start: 0, end: 12), TextSpan(start: 13, end: 27)],
    text: "\u{201C}Come here.\u{201D} \u{201C}Go away now.\u{201D}")

  static let oneSentence = try! SentenceMap(sentences: [TextSpan(start: 0, end: 10)], text: "Just this.")
}

func utterance(_ token: Int, at offset: Int, wpm: Int = 175, voice: String = "en", started: Bool = true)
  -> Utterance
{
  Utterance(token: token, startOffset: offset, wpm: wpm, voice: voice, started: started)
}
