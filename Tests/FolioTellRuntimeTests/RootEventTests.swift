import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellRuntime

/// Controls posted from input threads while the funnel is busy: each is mapped when it is handled.
@Suite struct RootEventTests {
  @Test func twoFasterPressesQueuedBehindEachOtherBothCount() {
    let harness = Harness { _ in RecordingSpeechEngine() }
    harness.runtime.open(bookID: "three", book: SampleText.book)
    // Both arrive before the funnel runs, as when it is busy with a word event.
    harness.funnel.post(.control(name: .faster, gesture: .short))
    harness.funnel.post(.control(name: .faster, gesture: .short))
    harness.funnel.drain()
    #expect(harness.playback.wpm == 225)
  }

  @Test func nextQueuedRightBehindMenuMovesInTheMenu() {
    let harness = Harness { _ in RecordingSpeechEngine() }
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.funnel.post(.libraryChanged([LibraryBook(id: "three", title: "Numbers")]))
    harness.send(.primaryTapped)
    harness.funnel.post(.control(name: .menu, gesture: .short))
    harness.funnel.post(.control(name: .next, gesture: .short))
    harness.funnel.drain()
    #expect(harness.state.menu == MenuState(page: .main, selected: 1, resumeReading: true))
  }

  @Test func aRecordedSessionWithControlsTheMenuAndTicksReplaysToTheSameBox() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString).jsonl").path
    let recorder = try TraceRecorder(path: path)
    let harness = Harness { parts in SimulatedSpeechEngine(sink: parts.sink, scheduler: parts.scheduler) }
    harness.runtime.observe { recorder.record($0) }
    harness.funnel.post(.libraryChanged([LibraryBook(id: "three", title: "Numbers")]))
    harness.runtime.open(bookID: "three", book: SampleText.book, title: "Numbers", path: "/books/numbers.txt")
    harness.funnel.post(.control(name: .play, gesture: .short))
    harness.run(until: 1.0)
    harness.funnel.post(.encoder(steps: 1))
    harness.run(until: 1.5)
    harness.funnel.post(.control(name: .menu, gesture: .short))
    harness.funnel.post(.encoder(steps: 6))
    harness.funnel.post(.control(name: .play, gesture: .short))
    harness.funnel.post(.encoder(steps: 1))
    harness.funnel.post(.control(name: .encoderPush, gesture: .short))
    harness.run(until: 2.0)
    harness.funnel.post(.timerFired(.tick))
    harness.funnel.post(.control(name: .back, gesture: .short))
    harness.funnel.post(.control(name: .play, gesture: .short))
    harness.run(until: 3.0)

    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains(#""event":{"control":{"gesture":"short","name":"MENU"}}"#) })
    #expect(lines.contains { $0.contains(#""event":{"encoder":{"steps":6}}"#) })
    #expect(lines.contains { $0.contains(#""event":{"timerFired":{"_0":"tick"}}"#) })
    var replay = Replay()
    var outputs: [String] = []
    for line in lines { if let output = try replay.feed(line) { outputs.append(output) } }
    #expect(replay.root == harness.state)
    #expect(harness.state.sleepTimer != nil)
    #expect(harness.state.display.mode == .bigWord)
    #expect(outputs.contains { $0.contains(#""text":"Menu. Books. 1 of 12.","#) })
    #expect(outputs.contains { $0.contains(#""text":"Reading stops in 15 minutes.","#) })
  }

  @Test func aRingFileBegunInTheMenuReplaysAsTheBoxWas() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ring-\(UUID().uuidString)").path
    let ring = try TraceRing(folder: folder, fileBytes: 4096, files: 10)
    let recorder = TraceRecorder(ring: ring)
    let harness = Harness { _ in RecordingSpeechEngine() }
    harness.runtime.observe { recorder.record($0) }
    harness.funnel.post(.libraryChanged([LibraryBook(id: "three", title: "Numbers")]))
    harness.runtime.open(bookID: "three", book: SampleText.book, title: "Numbers")
    // Night mode from the Display page, then the menu left open on "Sleep timer: off".
    harness.funnel.post(.control(name: .menu, gesture: .short))
    harness.funnel.post(.encoder(steps: 7))
    harness.funnel.post(.control(name: .play, gesture: .short))
    harness.funnel.post(.encoder(steps: 2))
    harness.funnel.post(.control(name: .play, gesture: .short))
    harness.funnel.post(.control(name: .menu, gesture: .short))
    harness.funnel.post(.encoder(steps: 6))
    // Enough to fill the first file, so the next begins with the menu open on "Sleep timer: off".
    for _ in 0..<200 { harness.funnel.post(.timerFired(.tick)) }
    harness.funnel.post(.control(name: .play, gesture: .short))
    harness.funnel.post(.encoder(steps: 1))
    harness.funnel.drain()
    #expect(ring.paths.count >= 2)
    let last = try #require(ring.paths.last)
    let lines = try String(contentsOfFile: last, encoding: .utf8).split(separator: "\n").map(String.init)
    let begun = try TraceCoding.readHeader(try #require(lines.first), line: 1)
    #expect(begun.menu?.page == .main)
    #expect(begun.menu?.selected == 6)
    #expect(begun.display.night)
    var replay = Replay()
    for line in lines { _ = try replay.feed(line) }
    #expect(replay.root?.menu == harness.state.menu)
    #expect(replay.root?.display.night == true)
    #expect(harness.state.menu == MenuState(page: .sleepTimer, selected: 1))
  }

  @Test func theRingKeepsItsNewestFilesAndEachBeginsWithTheBox() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ring-\(UUID().uuidString)").path
    let ring = try TraceRing(folder: folder, fileBytes: 4096, files: 3)
    let recorder = TraceRecorder(ring: ring)
    let harness = Harness { parts in SimulatedSpeechEngine(sink: parts.sink, scheduler: parts.scheduler) }
    harness.runtime.observe { recorder.record($0) }
    harness.runtime.open(bookID: "three", book: SampleText.book, title: "Numbers")
    for _ in 0..<200 { harness.funnel.post(.control(name: .next, gesture: .release)) }
    harness.funnel.drain()
    #expect(ring.paths.count == 3)
    #expect(ring.paths.last?.hasSuffix("trace-000005.jsonl") == true || ring.paths.count == 3)
    for path in ring.paths {
      let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
      #expect(try TraceCoding.readHeader(try #require(lines.first), line: 1).playback.wpm == 175)
      var replay = Replay()
      for line in lines { _ = try replay.feed(line) }
      #expect(replay.root?.book.id == "three")
    }
    // A new ring in the same folder goes on numbering after the files already there.
    let again = try TraceRing(folder: folder, fileBytes: 4096, files: 3)
    let before = ring.paths.last
    TraceRecorder(ring: again).record(
      BoxStep(time: 0, event: .timerFired(.tick), before: BoxState(), after: BoxState(), effects: []))
    #expect(again.paths.last != before)
    #expect(again.paths.count == 3)
  }
}
