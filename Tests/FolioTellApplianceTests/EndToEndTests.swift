import FolioTellAppliance
import Foundation
import Testing

/// The whole box on the virtual clock with real espeak-ng, the real book reader, reducers and store, run
/// as a user runs it (`foliotell sim --clock virtual --script`): presses at virtual times, and what the
/// listener would hear in the WAV.
@Suite struct EndToEndTests {
  @Test func afterNextNothingOfTheOldSentenceIsHeardPastOnePeriod() throws {
    let pressed = try VirtualRun.run(script: "2.0 NEXT")
    let untouched = try VirtualRun.run(script: "")
    #expect(pressed.status == 0, "\(pressed.errors)")
    let press = pressed.frame(2.0)
    try #require(pressed.samples.count > press + VirtualRun.rate)
    // The same audio up to the press: the runs are deterministic.
    #expect(Array(pressed.samples[0..<press]) == Array(untouched.samples[0..<press]))
    #expect(untouched.peak(from: 1.9, to: 2.2) > 1000, "the first sentence is being spoken at the press")
    // From one period after the press, the old sentence does not go on: none of its samples are in the file.
    let after = (press + VirtualRun.period)..<(press + VirtualRun.period + VirtualRun.rate / 2)
    let same = after.filter { pressed.samples[$0] == untouched.samples[$0] && pressed.samples[$0] != 0 }.count
    #expect(same < 50, "\(same) samples of the old sentence after the press")
    // No word of the old utterance is heard after the press; the next sentence's first word is.
    #expect(pressed.heard.filter { $0.token == 1 && $0.time > 2.0 }.isEmpty)
    #expect(pressed.heard.first { $0.time >= 2.0 }?.location == 44)
    #expect(pressed.peak(from: 2.0, to: 2.12) > 1000, "the next sentence is heard within 120 ms")
  }

  @Test func aPauseResumesAtTheSameWordWithSilenceBetween() throws {
    let paused = try VirtualRun.run(script: "3.0 PLAY\n6.0 PLAY")
    let straight = try VirtualRun.run(script: "")
    // The words, in order, exactly as without the pause: none repeated, none skipped.
    #expect(paused.heard.map(\.location) == straight.heard.map(\.location))
    let after = try #require(paused.heard.first { $0.time > 3.0 })
    #expect(after.time >= 6.0)
    #expect(paused.peak(from: 3.0 + 0.011, to: 6.0) == 0, "silent while paused")
    #expect(paused.peak(from: 6.0, to: 6.5) > 1000)
  }

  @Test func nextWhilePausedReadsTheNextSentence() throws {
    let run = try VirtualRun.run(script: "2.0 PLAY\n3.0 NEXT")
    #expect(run.status == 0, "\(run.errors)")
    let after = try #require(run.heard.first { $0.time >= 3.0 })
    #expect(after.location == 44)
    #expect(run.peak(from: 2.011, to: 3.0) == 0, "silent while paused")
    #expect(run.peak(from: 3.0, to: 3.5) > 1000, "the next sentence is heard")
  }

  @Test func aSpeedChangeIsSaidAtTheNewRateThenReadingGoesOnAtTheWordBeingSpoken() throws {
    let run = try VirtualRun.run(script: "2.5 FASTER")
    let spoken = try #require(run.heard.last { $0.time <= 2.5 })
    #expect(run.announcements.first?.text == "200 words a minute.")
    let restart = try #require(
      run.replayed.first { $0.contains("announcementFinished") && $0.contains("startUtterance") })
    #expect(restart.contains(#""startUtterance":{"offset":\#(spoken.location),"token":2,"voice":"en","wpm":200}"#))
    // Nothing before the word being spoken is heard again.
    #expect(run.heard.filter { $0.token == 2 }.allSatisfy { $0.location >= spoken.location })
    #expect(run.finalWPM == 200)
  }

  @Test func twoFasterPressesInOneFunnelTurnCountTwice() throws {
    let run = try VirtualRun.run(script: "2.0 FASTER\n2.0 FASTER")
    #expect(run.finalWPM == 225)
  }

  @Test func aRestartWithTheSameDataDirectoryResumesTheKeptPlace() throws {
    let data = VirtualRun.folder()
    let first = try VirtualRun.run(script: "4.0 STOP", dataDirectory: data)
    let stoppedAt = try #require(first.heard.last { $0.time <= 4.0 }?.location)
    #expect(stoppedAt > 0)
    // No book named: the one read last is reopened at its place.
    let second = try VirtualRun.run(script: "", bookFile: false, dataDirectory: data)
    #expect(second.status == 0, "\(second.errors)")
    let saved = second.booksOpened.first?["saved"] as? [String: Any]
    #expect(saved?["offset"] as? Int == stoppedAt)
    // Reading goes on from the start of the kept word's sentence (ResumePlace), as `run` does.
    let sentenceStart = try #require(
      VirtualRun.book.unicodeScalars.indices.filter { index in
        let offset = VirtualRun.book.unicodeScalars.distance(from: VirtualRun.book.unicodeScalars.startIndex, to: index)
        return offset <= stoppedAt
          && (offset == 0 || VirtualRun.book.unicodeScalars[VirtualRun.book.unicodeScalars.index(before: index)] == " "
            && VirtualRun.book.unicodeScalars[VirtualRun.book.unicodeScalars.index(index, offsetBy: -2)] == ".")
      }.last.map { VirtualRun.book.unicodeScalars.distance(from: VirtualRun.book.unicodeScalars.startIndex, to: $0) })
    #expect(second.heard.first?.location == sentenceStart, "kept \(stoppedAt)")
  }

  @Test func theSameScriptGivesTheSameWavTraceAndFrames() throws {
    // Presses in one funnel turn and a knob of two detents hand the engine several commands at once:
    // the speech worker takes turns with the driver, so even these come out the same every time.
    let script = """
      1.0 NEXT
      1.5 ENCODER +2
      2.0 PLAY
      3.0 PLAY
      3.5 FASTER
      3.5 FASTER
      4.0 MENU
      4.5 ENCODER +1
      5.0 BACK
      5.5 PLAY
      6.0 NEXT
      6.0 NEXT
      """
    let frames = [VirtualRun.folder(), VirtualRun.folder()]
    let one = try VirtualRun.run(script: script, extra: ["--display", "png:" + frames[0]])
    let two = try VirtualRun.run(script: script, extra: ["--display", "png:" + frames[1]])
    #expect(one.samples.count > VirtualRun.rate * 5)
    #expect(one.samples == two.samples)
    // The same, but for where each run's book file was made.
    func withoutPaths(_ trace: String) -> String {
      trace.replacingOccurrences(of: #""(path|bookPath)": ?"[^"]*""#, with: "", options: .regularExpression)
    }
    #expect(withoutPaths(one.trace) == withoutPaths(two.trace))
    #expect(one.trace.count > 1000)
    let names = try FileManager.default.contentsOfDirectory(atPath: frames[0]).sorted()
    #expect(names.count > 10)
    #expect(try FileManager.default.contentsOfDirectory(atPath: frames[1]).sorted() == names)
    for name in names {
      #expect(
        FileManager.default.contents(atPath: frames[0] + "/" + name)
          == FileManager.default.contents(atPath: frames[1] + "/" + name), "\(name)")
    }
    // Replaying the trace draws the same frames.
    let replayed = VirtualRun.folder()
    let trace = VirtualRun.folder() + "/trace.jsonl"
    _ = FileManager.default.createFile(atPath: trace, contents: Data(one.trace.utf8))
    try VirtualRun.execute(["replay", trace, "--display", "png:" + replayed])
    #expect(
      FileManager.default.contents(atPath: replayed + "/frames.txt")
        == FileManager.default.contents(atPath: frames[0] + "/frames.txt"))
  }

  @Test func everyMenuItemIsSaid() throws {
    // Into the menu, through every item of the main page, into each page and through its items.
    let script = """
      1.0 MENU
      2.0 ENCODER +1
      3.0 ENCODER +1
      4.0 ENCODER +1
      5.0 ENCODER +1
      6.0 ENCODER +1
      7.0 ENCODER +1
      8.0 ENCODER +1
      9.0 ENCODER +1
      10.0 ENCODER +1
      11.0 ENCODER +1
      12.0 ENCODER -10
      13.0 PLAY
      14.0 NEXT
      15.0 BACK
      17.0 ENCODER +6
      19.0 PLAY
      21.0 ENCODER +1
      23.0 ENCODER +1
      25.0 ENCODER +1
      27.0 ENCODER +1
      28.0 ENCODER +1
      29.0 BACK
      31.0 ENCODER -3
      33.0 PLAY
      35.0 ENCODER +1
      37.0 BACK
      38.0 ENCODER +4
      39.0 PLAY
      40.0 ENCODER +1
      41.0 ENCODER +1
      41.5 ENCODER +1
      42.0 BACK
      43.0 ENCODER -6
      44.0 PLAY
      45.0 ENCODER +1
      46.0 PLAY
      47.0 BACK
      48.0 BACK
      49.0 ENCODER +4
      50.0 PLAY
      51.0 PLAY
      52.0 BACK
      53.0 ENCODER +1
      54.0 PLAY
      55.0 BACK
      56.0 BACK
      57.0 ENCODER +4
      58.0 PLAY
      59.0 BACK
      60.0 BACK
      """
    let run = try VirtualRun.run(
      script: script, library: ["emma.txt": "Emma Woodhouse was handsome.", "notes.md": "# Garden Notes\n\nRoses."])
    #expect(run.status == 0, "\(run.errors)")
    let said = run.announcements.map(\.text)
    let expected = [
      "Menu. Books. 1 of 12.", "Go to. 2 of 12.", "Bookmarks. 3 of 12.", "Speed: 175 words a minute. 4 of 12.",
      "Voice: English (Great Britain). 5 of 12.", "Volume and pitch. 6 of 12.", "Sleep timer: off. 7 of 12.",
      "Display. 8 of 12.",
      "Key describer. 9 of 12.", "About. 10 of 12.", "Back to reading. 11 of 12.",
      "Books. 1 of 12.", "Books. emma. 1 of 2.", "Garden Notes. 2 of 2.", "Sleep timer. Off. 1 of 6.",
      "15 minutes. 2 of 6.", "30 minutes. 3 of 6.", "45 minutes. 4 of 6.", "60 minutes. 5 of 6.",
      "At the end of the chapter. 6 of 6.", "Speed. 175 words a minute. 4 of 33.", "200 words a minute. 5 of 33.",
      "Display. Big word: off. 1 of 4.", "Text size: normal. 2 of 4.", "Night mode: off. 3 of 4.",
      "Display: on. 4 of 4.",
      "Go to. Chapters. 1 of 2.", "A percentage. 2 of 2.", "Go to a percentage. 0 percent. 1 of 10.",
      "Menu. Go to. 2 of 12.", "Volume and pitch. Volume: 100 percent. 1 of 3.", "Pitch: 50. 2 of 3.",
      "Volume. 100 percent. 10 of 10.", "Pitch. Pitch 50. 6 of 11.", "About. Version \(foliotellVersion). 1 of 2.",
    ]
    for item in expected { #expect(said.contains(item), "\(item) in \(said)") }
    #expect(said.contains { $0.hasPrefix("Menu closed.") }, "\(said)")
    // And each was heard: there is sound within a second of every announcement.
    for (time, text) in run.announcements {
      #expect(run.peak(from: time, to: time + 1.0) > 1000, "\(text) at \(time) is heard")
    }
  }
}
