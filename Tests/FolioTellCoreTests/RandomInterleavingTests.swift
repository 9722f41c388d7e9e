import Testing

@testable import FolioTellCore

/// A deterministic random source, so a failing interleaving can be reproduced from its seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// An engine that behaves like a real one with a slow, unreliable callback path: every command produces
/// the callbacks it should, but some arrive late (after the utterance was replaced or stopped), out of
/// order, or twice.
struct UnreliableEngine {
  var words: [TextSpan]
  var inFlight: [PlaybackEvent] = []
  /// Words of a paused utterance, held back until it resumes.
  var held: [PlaybackEvent] = []
  var live: Int?

  /// Ends an utterance: its cancel goes out, and at most a couple of its callbacks still arrive late.
  mutating func end(_ token: Int) {
    var late = 0
    inFlight.removeAll { event in
      guard event.engineToken == token else { return false }
      late += 1
      return late > 2
    }
    held.removeAll()
    inFlight.append(.utteranceDidCancel(token: token))
    live = nil
  }

  mutating func perform(_ effect: PlaybackEffect?) {
    switch effect {
    case .startUtterance(let token, let offset, _, _)?:
      if let old = live { end(old) }
      live = token
      inFlight.append(.utteranceDidStart(token: token))
      for word in words where word.start >= offset {
        inFlight.append(.willSpeakRange(token: token, location: word.start, length: word.length))
      }
      inFlight.append(.utteranceDidFinish(token: token))
    case .pause(let token)?:
      // One word may still slip out; the rest wait for resume.
      if let first = inFlight.firstIndex(where: { $0.engineToken == token }) {
        let rest = inFlight[(first + 1)...].filter { $0.engineToken == token }
        inFlight.removeAll { $0.engineToken == token && rest.contains($0) }
        held = Array(rest)
      }
      inFlight.append(.pauseResolved(token: token))
    case .resume(let token)? where token == live:
      inFlight += held
      held = []
    case .stop(let token)? where token == live:
      end(token)
    case .resume?, .stop?, .deactivateAudio?, nil: break
    }
  }

  /// Mostly the oldest callback (engines are mostly in order), sometimes any, sometimes twice.
  mutating func deliver(using random: inout SplitMix64) -> PlaybackEvent? {
    guard !inFlight.isEmpty else { return nil }
    let roll = Int.random(in: 0..<10, using: &random)
    let index = roll < 7 ? 0 : Int.random(in: 0..<inFlight.count, using: &random)
    let event = inFlight[index]
    if roll != 9 { inFlight.remove(at: index) }
    return event
  }
}

@Suite struct RandomInterleavingTests {
  static let userEvents: [PlaybackEvent] = [
    .primaryTapped, .primaryTapped, .primaryTapped, .stopTapped, .jumpToNextSentenceTapped,
    .jumpToPreviousSentenceTapped, .startOverTapped, .speedChanged(wpm: 200), .speedChanged(wpm: 300),
    .voiceChanged(voice: "de"), .voiceChanged(voice: "en"),
  ]

  static func book() -> (SentenceMap, [TextSpan]) {
    let text = "One two three. Four five six. Seven eight nine. Ten eleven twelve thirteen. Fourteen."
    // Sentences end at each full stop (this text has no abbreviations).
    var sentences: [TextSpan] = []
    var sentenceStart = 0
    for (index, scalar) in text.unicodeScalars.enumerated() where scalar == "." {
      sentences.append(TextSpan(start: sentenceStart, end: index + 1))
      sentenceStart = index + 2
    }
    let scalars = Array(text.unicodeScalars)
    var words: [TextSpan] = []
    var start: Int?
    for index in 0...scalars.count {
      let isSpace = index == scalars.count || scalars[index] == " "
      if isSpace, let begun = start {
        words.append(TextSpan(start: begun, end: index))
        start = nil
      } else if !isSpace, start == nil {
        start = index
      }
    }
    return (try! SentenceMap(sentences: sentences, text: text), words)
  }

  func check(seed: UInt64, steps: Int) -> [String] {
    var random = SplitMix64(state: seed)
    let (book, words) = Self.book()
    var state = PlaybackState(book: book)
    var engine = UnreliableEngine(words: words)
    var problems: [String] = []
    for step in 0..<steps {
      let fromEngine = Int.random(in: 0..<4, using: &random) > 0
      let event =
        fromEngine
        ? (engine.deliver(using: &random) ?? Self.userEvents.randomElement(using: &random)!)
        : Self.userEvents.randomElement(using: &random)!
      let before = state
      let (after, effect) = Playback.reduce(state, event)
      state = after
      engine.perform(effect)
      let context = "seed \(seed) step \(step): \(before.phase.name) -> \(event) -> \(after.phase.name)"

      if let live = after.phase.liveUtterance, live.token != after.utteranceToken {
        problems.append("\(context): live utterance \(live.token) is not the newest (\(after.utteranceToken))")
      }
      if let token = event.engineToken, token != before.phase.liveUtterance?.token, after != before || effect != nil {
        problems.append("\(context): a stale callback changed something")
      }
      switch effect {
      case .startUtterance(let token, _, _, _)? where token != before.utteranceToken + 1:
        problems.append("\(context): new utterance \(token) is not \(before.utteranceToken + 1)")
      case .pause(let token)?, .resume(let token)?, .stop(let token)?:
        if token != before.phase.liveUtterance?.token { problems.append("\(context): command for a dead utterance") }
      default: break
      }
      if after.offset < before.offset {
        let allowed: Bool
        switch event {
        case .jumpToPreviousSentenceTapped, .startOverTapped: allowed = true
        case .primaryTapped: allowed = before.phase == .finished || before.offset >= book.endOffset
        default: allowed = false
        }
        if !allowed { problems.append("\(context): the place moved back from \(before.offset) to \(after.offset)") }
      }
      if event == .stopTapped, after.phase != .idle, after.phase != .finished {
        problems.append("\(context): stop did not end idle")
      }
      if after.offset < 0 || after.offset > book.endOffset { problems.append("\(context): offset outside the book") }
      if after.phase == .finished, after.offset != book.endOffset {
        problems.append("\(context): finished before the end")
      }
      if after.phase.liveUtterance == nil, after.word != nil {
        problems.append("\(context): a word without an utterance")
      }
      if problems.count > 5 { break }
    }
    return problems
  }

  @Test func thousandsOfRandomInterleavingsKeepEveryInvariant() {
    var problems: [String] = []
    for seed in 1...3_000 as ClosedRange<UInt64> {
      problems += check(seed: seed, steps: 80)
      if problems.count > 10 { break }
    }
    #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
  }

  @Test func longRandomSessionsKeepEveryInvariant() {
    var problems: [String] = []
    for seed in 10_000...10_050 as ClosedRange<UInt64> { problems += check(seed: seed, steps: 3_000) }
    #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
  }

  @Test func randomSessionsReachEveryPhase() {
    var random = SplitMix64(state: 7)
    let (book, words) = Self.book()
    var state = PlaybackState(book: book)
    var engine = UnreliableEngine(words: words)
    var seen: Set<String> = []
    for _ in 0..<20_000 {
      let event =
        Int.random(in: 0..<4, using: &random) > 0
        ? (engine.deliver(using: &random) ?? .primaryTapped) : Self.userEvents.randomElement(using: &random)!
      let (after, effect) = Playback.reduce(state, event)
      state = after
      engine.perform(effect)
      seen.insert(after.phase.name)
    }
    #expect(seen == ["idle", "speaking", "pausing", "paused", "finished"])
  }

  @Test func randomReaderSessionsOnlySavePlacesInsideTheOpenBook() {
    var random = SplitMix64(state: 99)
    let (book, words) = Self.book()
    var state = Box.reduce(BoxState(), .bookOpened(bookID: "b", book: book, saved: nil), at: 0).0
    var engine = UnreliableEngine(words: words)
    var time = 0.0
    var saves = 0
    var ticksStarted = 0
    for _ in 0..<20_000 {
      time += Double.random(in: 0...2, using: &random)
      let event: BoxEvent =
        Int.random(in: 0..<20, using: &random) == 0
        ? .timerFired(.tick)
        : .playback(
          Bool.random(using: &random)
            ? (engine.deliver(using: &random) ?? .primaryTapped) : Self.userEvents.randomElement(using: &random)!)
      let before = state
      let (next, effects) = Box.reduce(state, event, at: time)
      state = next
      for effect in effects {
        switch effect {
        case .playback(let playback): engine.perform(playback)
        case .savePosition(let save):
          saves += 1
          #expect(save.bookID == "b")
          #expect((0...book.endOffset).contains(save.position.offset))
          #expect(save.position.sentence == book.sentenceIndex(at: save.position.offset))
        case .saveSettings(let settings):
          #expect(settings == next.savedSettings)
        case .loadBook, .extendBook, .rememberOpenBook, .openLibraryBook: Issue.record("no book was opened")
        case .announce(let text, _, _, _):
          // Only the end of the book is said without a control asking for it.
          #expect(text == "The end of the book. Press PLAY to start over.")
        case .earcon(let earcon): #expect(earcon == .endOfBook)
        case .saveBookSettings(let bookID, let settings):
          #expect(bookID == "b")
          #expect(settings == PlaybackSettings(wpm: next.playback.wpm, voice: next.playback.voice))
        case .addBookmark, .removeBookmark, .fadeOut, .restoreVolume, .setVolume, .setPitch,
          .describeSystem:
          Issue.record("no control was used")
        case .installUpdate, .restartForUpdate: Issue.record("no update was offered")
        case .startTimer(let timer, let delay):
          // Started only when none was armed (or this step's event was its firing).
          #expect(!before.armedTimers.contains(timer) || event == .timerFired(timer))
          #expect(timer == .tick && delay == 5)
          ticksStarted += 1
        }
      }
      // Whatever needs the tick has one armed.
      #expect(!Ticks.needed(next) || next.armedTimers.contains(.tick))
    }
    #expect(saves > 100)
    #expect(ticksStarted > 100)
  }
}
