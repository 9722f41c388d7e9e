import FolioTellJSON
import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellRuntime

/// Traces of every version replay: versions 3 and 2 are derived from the core's Codable types (version 2's
/// flat state is converted, `TraceVersion2`); version 1 (a box
/// line, document lines and named events) and the oldest (a document first, playback events only) are
/// read by `TraceVersion1` and converted on reading.
@Suite struct TraceVersionTests {
  /// An event of every kind the box handles.
  static let everyKindOfEvent: [BoxEvent] = [
    .playback(.primaryTapped), .playback(.willSpeakRange(token: 3, location: 40, length: 5)),
    .playback(.engineFailed(token: 2, reason: "sound card unplugged")), .playback(.moveTo(offset: 12)),
    .control(name: .next, gesture: .repeatWhileHeld), .encoder(steps: -2), .encoderPushed(steps: 3),
    .bookOpened(
      bookID: "b", book: SampleText.book, saved: ReadingPosition(offset: 15, sentence: 1), title: "Numbers",
      path: "/books/n.txt", chapters: [ChapterMark(title: "One", start: 0)], bookmarks: [15],
      pages: [PageMark(label: "iv", start: 30)], notes: [20], language: "en",
      settings: PlaybackSettings(wpm: 250, voice: "de"), paragraphs: [0, 30]),
    .poweredOn, .announcementFinished, .partMissing(.controlsNotWorking), .timerFired(.tick),
    .positionStoreFailed(reason: "the disk is full"), .positionStoreRecovered, .menu(.opened),
    .menu(.moved(steps: -1)), .menu(.chosen), .menu(.back),
    .voicesFound([VoiceChoice(id: "de", name: "German", language: "de")]),
    .systemDescribed(SystemFacts(version: "0.15.0", freeBytes: 1_000_000)),
    .libraryChanged([LibraryBook(id: "a", title: "Atlas", problem: "not a zip file")]),
    .bookFailedToOpen(title: "Atlas", reason: "not a zip file"),
  ]

  @Test func everyKindOfEventReadsBackAsItWasWritten() throws {
    for (index, event) in Self.everyKindOfEvent.enumerated() {
      let line = TraceCoding.line(event, at: Double(index) / 4)
      let read = try #require(try TraceCoding.readEntry(line, line: index + 2))
      #expect(read.event == event, "\(line)")
      #expect(read.t == Double(index) / 4)
    }
  }

  @Test func theWholeStateReadsBackFromTheFirstLine() throws {
    var state = BoxState()
    (state, _) = Box.reduce(state, Self.everyKindOfEvent[7], at: 0)
    (state, _) = Box.reduce(state, .control(name: .menu, gesture: .short), at: 1)
    state.sleepTimer = SleepTimer(remaining: 600, lastTick: 1)
    #expect(try TraceCoding.readHeader(TraceCoding.header(state), line: 1) == state)
  }

  /// A version 2 trace recorded before a field was added to the state (here: three of them, one nested)
  /// still reads: the missing fields start as a new box's do, and the rest is as recorded.
  @Test func aStateRecordedBeforeAFieldWasAddedReadsWithTheNewBoxsValue() throws {
    var state = BoxState()
    (state, _) = Box.reduce(state, Self.everyKindOfEvent[7], at: 0)
    (state, _) = Box.reduce(state, .control(name: .faster, gesture: .short), at: 1)
    guard case .object(var header) = try JSONValue.parse(TraceCoding.header(state)),
      case .object(var members) = header["state"], case .object(var playback) = members["playback"],
      case .object(var settings) = members["settings"]
    else {
      Issue.record("the header is not an object")
      return
    }
    settings["voiceIsFixed"] = nil
    settings["earcons"] = nil
    playback["wpmLimits"] = nil
    members["playback"] = .object(playback)
    members["settings"] = .object(settings)
    header["state"] = .object(members)
    let older = String(decoding: try JSONEncoder().encode(JSONValue.object(header)), as: UTF8.self)
    #expect(!older.contains("voiceIsFixed") && !older.contains("wpmLimits"))
    let read = try TraceCoding.readHeader(older, line: 1)
    #expect(read == state)
    #expect(read.playback.wpm == 275)
  }

  /// A version 2 header (the state's fields flat, frozen from a box with a book, bookmarks, the menu open,
  /// a sleep timer, a store problem and a missing part) reads into the features that keep those fields now.
  @Test func aVersion2HeaderReadsIntoTheFeatures() throws {
    let path = TraceRegressionTests.folder + "/version2-header-book-menu-sleep-timer.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#""trace":2}"#))
    let state = try TraceCoding.readHeader(text, line: 1)
    #expect(state.book == OpenBook(
      id: "b", title: "Numbers", path: "/books/n.txt",
      chapters: [ChapterMark(title: "One", start: 0), ChapterMark(title: "Two", start: 30)],
      pages: [PageMark(label: "iv", start: 30)], notes: [20], paragraphs: [0, 30], language: "en"))
    #expect(state.navigation.bookmarks == [15])
    #expect(state.navigation.undoPlace == 15)
    #expect(state.navigation.lastJumpTime == 3)
    #expect(state.settings.voices.map(\.id) == ["de", "en"])
    #expect(state.settings.volume == 100 && state.settings.pitch == 50 && state.settings.earcons)
    #expect(state.library.books.map(\.title) == ["Numbers", "Atlas"])
    #expect(state.library.books[1].problem == "not a zip file")
    #expect(state.condition.storeProblem == "the disk is full")
    #expect(state.condition.missingParts == [.display])
    #expect(state.condition.about == SystemFacts(version: "0.15.0", freeBytes: 1_000_000))
    #expect(state.display.timing == DisplayTiming())
    #expect(state.display.night)
    #expect(state.controls.knob == .sentence && state.controls.pushedKnob == .paragraph)
    #expect(state.resume.longPauseSeconds == 600)
    #expect(state.menu == MenuState(page: .main, selected: 2, resumeReading: true))
    #expect(state.sleepTimer?.remaining == 600)
    #expect(state.playback.wpm == 275 && state.playback.voice == "de" && state.playback.offset == 30)
    #expect(state.position.bookID == "b")
    #expect(state.armedTimers == [.dimDisplay, .darkenDisplay, .tick])
    // Written again, it is a version 3 header of the same box, with no flat field left.
    let again = TraceCoding.header(state)
    #expect(again.hasSuffix(#","trace":3}"#))
    #expect(try TraceCoding.readHeader(again, line: 1) == state)
    guard case .object(let header) = try JSONValue.parse(again), case .object(let members) = header["state"] else {
      Issue.record("the header is not an object")
      return
    }
    let features = Set(TraceVersion2.moved.values.map(\.feature))
    #expect(Set(members.keys).isDisjoint(with: Set(TraceVersion2.moved.keys).subtracting(features)))
  }

  /// `library` was a flat field of version 2 and is a feature of version 3: a header with a book being
  /// opened from the menu keeps both the books and the one being opened, whatever order the fields move in.
  @Test func aVersion2LibraryAndTheBookBeingOpenedMoveIntoTheLibraryFeature() throws {
    let path = TraceRegressionTests.folder + "/version2-header-book-menu-sleep-timer.json"
    let frozen = try String(contentsOfFile: path, encoding: .utf8)
    let text = frozen.replacingOccurrences(of: #""library":["#, with: #""openingFromMenu":"a","library":["#)
    try #require(text != frozen)
    for _ in 0..<20 {
      let state = try TraceCoding.readHeader(text, line: 1)
      #expect(state.library.opening == "a")
      #expect(state.library.books.map(\.id) == ["b", "a"])
    }
    guard case .object(let header) = try JSONValue.parse(text), let flat = header["state"] else {
      Issue.record("the header is not an object")
      return
    }
    guard case .object(let members) = TraceVersion2.converted(flat), case .object(let library)? = members["library"]
    else {
      Issue.record("no library feature")
      return
    }
    #expect(library["opening"] == .string("a"))
    #expect(members["openingFromMenu"] == nil)
  }

  /// One session, written as version 1 would have written it (the frozen writer) and as version 2 writes
  /// it: both replay to the same box.
  @Test func aVersion1TraceReplaysToTheSameBoxAsVersion2() throws {
    let harness = Harness { parts in SimulatedSpeechEngine(sink: parts.sink, scheduler: parts.scheduler) }
    harness.funnel.post(.libraryChanged([LibraryBook(id: "three", title: "Numbers")]))
    harness.runtime.open(bookID: "three", book: SampleText.book, title: "Numbers", path: "/books/numbers.txt")
    harness.funnel.post(.control(name: .play, gesture: .short))
    harness.run(until: 1.0)
    harness.funnel.post(.control(name: .faster, gesture: .short))
    harness.run(until: 2.0)
    harness.funnel.post(.control(name: .menu, gesture: .short))
    harness.funnel.post(.encoder(steps: 6))
    harness.funnel.post(.control(name: .play, gesture: .short))
    harness.funnel.post(.encoder(steps: 1))
    harness.funnel.post(.control(name: .play, gesture: .short))
    harness.run(until: 4.0)
    let steps = harness.steps.withLock { $0 }
    try #require(steps.count > 10)

    var version1 = [TraceVersion1.encode(TraceStart(wpm: 175, voice: "en"))]
    var version2 = [TraceCoding.header(steps[0].before)]
    for step in steps {
      version2.append(TraceCoding.line(step.event, at: step.time))
      switch step.event {
      case .playback(let event):
        version1.append(TraceVersion1.encode(event, time: step.time))
      case .bookOpened(let bookID, let book, _, let title, let path, let chapters, _, _, _, _, _, _):
        var document = TraceDocument(book: book, bookID: bookID, title: title, path: path, time: step.time)
        document.chapters = chapters
        version1.append(TraceVersion1.encode(document))
      default:
        version1.append(try #require(TraceVersion1.encode(root: step.event, time: step.time)))
      }
    }
    func replayed(_ lines: [String]) throws -> (Replay, [String]) {
      var replay = Replay()
      var outputs: [String] = []
      for line in lines { if let output = try replay.feed(line) { outputs.append(output) } }
      return (replay, outputs)
    }
    let (old, oldOutputs) = try replayed(version1)
    let (new, newOutputs) = try replayed(version2)
    #expect(old.root == harness.state)
    #expect(new.root == harness.state)
    // Version 1 prints what it always printed; version 2 prints its own, derived lines.
    #expect(oldOutputs.first?.hasPrefix(#"{"event": {"t": 0, "event": "libraryChanged""#) == true)
    #expect(newOutputs.first?.hasPrefix(#"{"effects":[],"event":{"libraryChanged":"#) == true)
  }

  /// The oldest traces begin with the book and hold playback events only; their output is as it was.
  @Test func theOldestTracesReplayAsTheyAlwaysDid() throws {
    var replay = Replay()
    let lines = [
      #"{"document": {"sentences": [[0, 14], [15, 29], [30, 47]], "position": 15, "wpm": 200}}"#,
      #"{"t": 1.25, "event": "primaryTapped"}"#,
    ]
    #expect(try replay.feed(lines[0]) == nil)
    #expect(
      try replay.feed(lines[1])
        == #"{"event": {"t": 1.25, "event": "primaryTapped"}, "state": {"phase": "speaking", "token": 1, "sentence": 1, "offset": 15, "wpm": 200}, "effect": {"effect": "startUtterance", "token": 1, "offset": 15, "wpm": 200, "voice": "en"}}"#
    )
  }

  @Test func aTraceOfALaterVersionSaysWhichItIs() {
    var replay = Replay()
    #expect(throws: TraceError.self) { try replay.feed(#"{"state":{},"trace":4}"#) }
    do {
      _ = try TraceCoding.readHeader(#"{"state":{},"trace":4}"#, line: 1)
      Issue.record("a version 4 header was read")
    } catch {
      #expect(error.description == "line 1: this trace is of version 4; this box reads versions 1 to 3: replay it with the box that wrote it")
    }
  }

  @Test func aBrokenEventLineNamesTheFieldThatIsWrong() {
    do {
      _ = try TraceCoding.readEntry(#"{"event":{"encoder":{"stepz":1}},"t":1}"#, line: 4)
      Issue.record("a line without steps was read")
    } catch {
      #expect(error.description.hasPrefix("line 4: not an event of a version 3 trace: "), "\(error)")
      #expect(error.description.contains("steps"), "\(error)")
    }
  }
}
