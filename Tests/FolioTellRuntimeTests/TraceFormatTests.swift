import FolioTellCore
import Testing

@testable import FolioTellRuntime

@Suite struct TraceFormatTests {
  static let allEvents: [PlaybackEvent] = [
    .primaryTapped, .stopTapped, .jumpToNextSentenceTapped, .jumpToPreviousSentenceTapped, .startOverTapped,
    .speedChanged(wpm: 220), .voiceChanged(voice: "de"), .utteranceDidStart(token: 3),
    .willSpeakRange(token: 1, location: 40, length: 5), .utteranceDidFinish(token: 2),
    .utteranceDidCancel(token: 1), .pauseResolved(token: 4), .engineFailed(token: 5, reason: "no \"card\""),
    .moveTo(offset: 30),
  ]

  @Test func everyEventSurvivesAWriteAndARead() throws {
    for event in Self.allEvents {
      let line = TraceVersion1.encode(event, time: 1.25)
      #expect(try TraceVersion1.parse(line, line: 1) == .event(event, time: 1.25), "\(line)")
    }
    #expect(TraceVersion1.eventNames.count == Self.allEvents.count)
    #expect(Set(Self.allEvents.map(\.name)) == Set(TraceVersion1.eventNames))
  }

  @Test func theDocumentedExamplesParse() throws {
    #expect(
      try TraceVersion1.parse(#"{"t": 1.25, "event": "primaryTapped"}"#, line: 2) == .event(.primaryTapped, time: 1.25))
    #expect(
      try TraceVersion1.parse(#"{"event": "willSpeakRange", "token": 1, "location": 40, "length": 5}"#, line: 3)
        == .event(.willSpeakRange(token: 1, location: 40, length: 5), time: nil))
    #expect(
      try TraceVersion1.parse(#"{"event": "speedChanged", "wpm": 220}"#, line: 4)
        == .event(.speedChanged(wpm: 220), time: nil))
  }

  @Test func aDocumentLineGivesSentencesTextPositionAndRate() throws {
    let line = #"{"document": {"sentences": [[0, 3], [4, 8]], "text": "One. Two.", "position": 4, "wpm": 200}}"#
    guard case .document(let document)? = try TraceVersion1.parse(line, line: 1) else {
      Issue.record("not a document")
      return
    }
    #expect(document.book.sentences == [TextSpan(start: 0, end: 3), TextSpan(start: 4, end: 8)])
    #expect(document.book.endOffset == 9)
    #expect(document.position == 4)
    #expect(document.wpm == 200)
  }

  @Test func aDocumentSurvivesAWriteAndARead() throws {
    let document = TraceDocument(book: SampleText.book, position: 15, wpm: 190, voice: "en-gb")
    #expect(try TraceVersion1.parse(TraceVersion1.encode(document), line: 1) == .document(document))
  }

  @Test func blankLinesAreSkipped() throws {
    #expect(try TraceVersion1.parse("   ", line: 1) == nil)
  }

  func expectError(_ line: String, contains fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      _ = try TraceVersion1.parse(line, line: 7)
      Issue.record("'\(line)' was accepted", sourceLocation: sourceLocation)
    } catch {
      #expect(error.line == 7, sourceLocation: sourceLocation)
      #expect(error.description.hasPrefix("line 7: "), sourceLocation: sourceLocation)
      #expect(error.description.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    }
  }

  @Test func aLineThatIsNotJsonIsNamed() {
    expectError("{event: primaryTapped", contains: "not valid JSON")
  }

  @Test func anUnknownEventNameIsNamedWithTheKnownOnes() {
    expectError(#"{"event": "playTapped"}"#, contains: "unknown event \"playTapped\"; known events: primaryTapped")
  }

  @Test func aMissingFieldIsNamed() {
    expectError(
      #"{"event": "willSpeakRange", "token": 1, "location": 40}"#, contains: "willSpeakRange needs the field \"length\""
    )
    expectError(#"{"event": "speedChanged"}"#, contains: "needs the field \"wpm\"")
    expectError(#"{"event": "engineFailed", "token": 1}"#, contains: "needs the field \"reason\"")
  }

  @Test func aFieldOfTheWrongTypeIsNamed() {
    expectError(
      #"{"event": "pauseResolved", "token": "one"}"#, contains: "\"token\" must be an integer, found a string")
    expectError(
      #"{"event": "willSpeakRange", "token": 1, "location": 4.5, "length": 1}"#,
      contains: "\"location\" must be an integer")
    expectError(#"{"event": "voiceChanged", "voice": 3}"#, contains: "\"voice\" must be a string")
    expectError(#"{"t": "soon", "event": "stopTapped"}"#, contains: "\"t\" must be a number")
  }

  @Test func aLineWithoutEventOrDocumentIsNamed() {
    expectError(#"{"evnt": "stopTapped"}"#, contains: "expected \"event\"")
    expectError("[1, 2]", contains: "expected a JSON object")
  }

  @Test func aBadDocumentIsNamed() {
    expectError(#"{"document": {}}"#, contains: "needs \"sentences\"")
    expectError(#"{"document": {"sentences": [[0]]}}"#, contains: "sentence 0 must be [start, end]")
    expectError(#"{"document": {"sentences": [[0, 5], [3, 8]]}}"#, contains: "inside the previous sentence")
    expectError(#"{"document": {"sentences": [[0, 5]], "position": 9}}"#, contains: "position 9 is outside the book")
    expectError(#"{"document": {"sentences": [[0, 5]], "wpm": 5}}"#, contains: "wpm 5 is outside")
    expectError(#"{"document": {"sentences": [[0, 50]], "text": "short"}}"#, contains: "past the end of the text")
  }
}

@Suite struct ReplayTests {
  func replay(_ lines: [String]) throws(TraceError) -> [String] {
    var replay = Replay()
    var output: [String] = []
    for line in lines { if let result = try replay.feed(line) { output.append(result) } }
    try replay.finish()
    return output
  }

  @Test func eachEventGivesOneLineWithTheEventTheStateAndTheEffect() throws {
    let output = try replay([
      #"{"document": {"sentences": [[0, 14], [15, 29], [30, 47]]}}"#,
      #"{"t": 0.5, "event": "primaryTapped"}"#,
      #"{"event": "willSpeakRange", "token": 1, "location": 20, "length": 4}"#,
      #"{"event": "jumpToNextSentenceTapped"}"#,
      #"{"event": "willSpeakRange", "token": 1, "location": 25, "length": 3}"#,
      #"{"event": "utteranceDidCancel", "token": 1}"#,
    ])
    #expect(
      output == [
        #"{"event": {"t": 0.5, "event": "primaryTapped"}, "state": {"phase": "speaking", "token": 1, "sentence": 0, "offset": 0, "wpm": 175}, "effect": {"effect": "startUtterance", "token": 1, "offset": 0, "wpm": 175, "voice": "en"}}"#,
        #"{"event": {"event": "willSpeakRange", "token": 1, "location": 20, "length": 4}, "state": {"phase": "speaking", "token": 1, "sentence": 1, "offset": 20, "wpm": 175}, "effect": null}"#,
        #"{"event": {"event": "jumpToNextSentenceTapped"}, "state": {"phase": "speaking", "token": 2, "sentence": 2, "offset": 30, "wpm": 175}, "effect": {"effect": "startUtterance", "token": 2, "offset": 30, "wpm": 175, "voice": "en"}}"#,
        #"{"event": {"event": "willSpeakRange", "token": 1, "location": 25, "length": 3}, "state": {"phase": "speaking", "token": 2, "sentence": 2, "offset": 30, "wpm": 175}, "effect": null}"#,
        #"{"event": {"event": "utteranceDidCancel", "token": 1}, "state": {"phase": "speaking", "token": 2, "sentence": 2, "offset": 30, "wpm": 175}, "effect": null}"#,
      ])
  }

  @Test func theDocumentsPositionAndRateAreWhereReplayStarts() throws {
    let output = try replay([
      #"{"document": {"sentences": [[0, 14], [15, 29]], "position": 15, "wpm": 220}}"#,
      #"{"event": "primaryTapped"}"#,
    ])
    #expect(output[0].contains(#""effect": {"effect": "startUtterance", "token": 1, "offset": 15, "wpm": 220"#))
  }

  @Test func everyEffectKindIsWritten() throws {
    let output = try replay([
      #"{"document": {"sentences": [[0, 14], [15, 29]]}}"#,
      #"{"event": "primaryTapped"}"#, #"{"event": "primaryTapped"}"#, #"{"event": "pauseResolved", "token": 1}"#,
      #"{"event": "primaryTapped"}"#, #"{"event": "stopTapped"}"#, #"{"event": "primaryTapped"}"#,
      #"{"event": "utteranceDidFinish", "token": 2}"#,
    ])
    #expect(output[1].hasSuffix(#""effect": {"effect": "pause", "token": 1}}"#))
    #expect(output[2].hasSuffix(#""effect": null}"#))
    #expect(output[2].contains(#""phase": "paused""#))
    #expect(output[3].hasSuffix(#""effect": {"effect": "resume", "token": 1}}"#))
    #expect(output[4].hasSuffix(#""effect": {"effect": "stop", "token": 1}}"#))
    // The end of the book is said, so the sound stays on for it (released later, like a pause's).
    #expect(output[6].hasSuffix(#""effect": null}"#))
    #expect(output[6].contains(#""phase": "finished", "token": 2, "sentence": 1, "offset": 29"#))
  }

  @Test func aSecondDocumentIsANewBookAndTokensGoOn() throws {
    let output = try replay([
      #"{"document": {"sentences": [[0, 14]]}}"#, #"{"event": "primaryTapped"}"#,
      #"{"document": {"sentences": [[0, 5]]}}"#, #"{"event": "primaryTapped"}"#,
      #"{"event": "utteranceDidCancel", "token": 1}"#,
    ])
    #expect(output[1].contains(#""token": 2"#))
    #expect(output[2].contains(#""phase": "speaking""#))
  }

  @Test func anEventBeforeTheDocumentIsAnError() {
    #expect(throws: TraceError.self) { try replay([#"{"event": "primaryTapped"}"#]) }
  }

  @Test func anEmptyTraceIsAnError() {
    do {
      _ = try replay([])
      Issue.record("an empty trace was accepted")
    } catch {
      #expect(error.description.contains("the trace is empty"))
    }
  }

  @Test func errorsNameTheLineCountingBlankLines() {
    do {
      _ = try replay([#"{"document": {"sentences": [[0, 4]]}}"#, "", #"{"event": "nope"}"#])
      Issue.record("accepted")
    } catch {
      #expect(error.line == 3)
    }
  }
}
