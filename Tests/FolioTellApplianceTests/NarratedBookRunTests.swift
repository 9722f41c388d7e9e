import FolioTellBooks
import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

/// Audiobooks (an MP3 folder, an M4B with chapters) and an EPUB with media overlays, played through the
/// whole box on the virtual clock: the WAV holds the narration at its times, the controls move by chapter
/// and by time, and the place survives a power cut.
@Suite(.serialized) struct NarratedBookRunTests {
  static let sentences = [
    "The harbour lay still under a grey sky, and the boats rocked at their moorings.",
    "The wind rose in the night.",
    "At last the storm was over and the keeper slept.",
  ]

  static func seaStories() throws -> (folder: String, lengths: [Double]) {
    let folder = NarrationFixtures.folder() + "/Sea Stories"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var lengths: [Double] = []
    for (index, (name, title)) in [("1 harbour", "The Harbour"), ("2 wind", "The Wind"), ("10 end", "The End")].enumerated() {
      try NarrationFixtures.mp3(sentences[index], to: folder + "/\(name).mp3", title: title, album: "Sea Stories")
      try NarrationFixtures.speech(sentences[index], to: folder + "/.\(index).wav")
      lengths.append(NarrationFixtures.duration(of: folder + "/.\(index).wav"))
      try FileManager.default.removeItem(atPath: folder + "/.\(index).wav")
    }
    return (folder, lengths)
  }

  @Test func anMP3FolderPlaysEachFileInTurnAtItsTimes() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let (folder, lengths) = try Self.seaStories()
    let book = try BookParser.read(path: folder).document
    let run = try VirtualRun.run(script: "20.0 STOP", book: "", bookFile: false, extra: [folder])
    #expect(run.status == 0, "\(run.errors)")
    let starts = book.chapters.map(\.start)
    let heard = starts.compactMap { start in run.heard.first { $0.location == start } }
    try #require(heard.count == 3, "\(run.heard)")
    // Each file follows the one before when its narration ends (MP3 adds a few ms of padding to each).
    #expect(abs(heard[1].time - heard[0].time - lengths[0]) < 0.15, "\(heard)")
    #expect(abs(heard[2].time - heard[1].time - lengths[1]) < 0.15, "\(heard)")
    for (index, start) in heard.enumerated() {
      #expect(run.level(from: start.time + 0.2, to: start.time + min(lengths[index], 1.5)) > 300, "chapter \(index + 1) is heard")
    }
  }

  @Test func anM4BMovesByChapterByAMinuteAndByTenSeconds() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let path = NarrationFixtures.folder() + "/tones.m4b"
    try NarrationFixtures.m4bOfTones(chapters: [("Low", 150, 300), ("High", 90, 900)], to: path)
    let book = try BookParser.read(path: path).document
    #expect(book.chapters.map(\.title) == ["Low", "High"])
    // Four long pushes of the knob: paragraph, chapter, 10 seconds, one minute. Then NEXT: a minute on.
    // Then back to 10 seconds (four pushes round: sentence, paragraph, chapter, 10 seconds) and PREVIOUS.
    var script = ""
    var time = 1.0
    for _ in 0..<4 {
      script += "\(time) ENCODER_PUSH long\n\(time + 0.2) ENCODER_PUSH release\n"
      time += 2
    }
    script += "10.0 NEXT\n"
    time = 12
    for _ in 0..<4 {
      script += "\(time) ENCODER_PUSH long\n\(time + 0.2) ENCODER_PUSH release\n"
      time += 2
    }
    script += "21.0 PREVIOUS\n24.0 NEXT long\n28.0 STOP\n"
    let run = try VirtualRun.run(script: script, book: "", bookFile: false, extra: [path])
    #expect(run.status == 0, "\(run.errors)")
    let said = run.announcements.map(\.text)
    #expect(said.contains("Move by 10 seconds.") && said.contains("Move by one minute."), "\(said)")
    let times = try #require(NarrationTimes(book.sentenceMap))
    let afterNext = try #require(run.heard.first { $0.time >= 10 && $0.time < 12 }, "\(run.heard) \(run.announcements)")
    let minuteOn = times.time(at: afterNext.location)
    // The listener was a second or two into the book (after "Move by one minute." was said): a minute on.
    #expect(minuteOn >= 59.5 && minuteOn < 65, "NEXT by a minute landed at \(minuteOn) s of the narration")
    let afterPrevious = try #require(run.heard.first { $0.time >= 21 && $0.time < 24 }, "\(run.heard)")
    #expect(abs(times.time(at: afterPrevious.location) - (times.time(at: run.heard.last { $0.time < 21 }!.location) - 10)) < 11)
    // A long NEXT: the next chapter, whose tone is three times higher.
    let high = try #require(run.heard.first { $0.location == book.chapters[1].start }, "\(run.heard)")
    #expect(high.time > 24)
    let tone = NarrationFixtures.crossingsPerSecond(
      run.samples[run.frame(high.time + 1)..<min(run.frame(high.time + 2), run.samples.count)])
    #expect(abs(tone - 1800) < 60, "the second chapter's 900 Hz tone: \(tone) crossings a second")
  }

  @Test(arguments: ["folder", "m4b"]) func anAudiobookIsResumedAfterAPowerCut(kind: String) throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let path: String
    if kind == "folder" {
      path = try Self.seaStories().folder
    } else {
      path = NarrationFixtures.folder() + "/tones.m4b"
      try NarrationFixtures.m4bOfTones(chapters: [("One", 60, 300), ("Two", 60, 600)], to: path)
    }
    let data = VirtualRun.folder()
    let first = try VirtualRun.run(script: "45.0 STOP", book: "", bookFile: false, dataDirectory: data, extra: [path])
    #expect(first.status == 0, "\(first.errors)")
    let lastHeard = try #require(first.heard.last)
    let book = try BookParser.read(path: path).document
    let times = try #require(NarrationTimes(book.sentenceMap))
    let again = try VirtualRun.run(script: "3.0 STOP", book: "", bookFile: false, dataDirectory: data)
    #expect(again.status == 0, "\(again.errors)")
    let resumed = try #require(again.heard.first?.location)
    // At most 30 s of listening lost, and never ahead of what was heard.
    let lost = times.time(at: lastHeard.location) - times.time(at: resumed)
    #expect(lost >= 0 && lost <= 30, "resumed \(lost) s before the last phrase heard")
  }

  @Test func anEPUBWithMediaOverlaysPlaysItsNarrationThenTheVoiceReadsTheRest() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let (path, times) = try MediaOverlayEPUB.make()
    let book = try BookParser.read(path: path).document
    let run = try VirtualRun.run(script: "30.0 STOP", book: "", bookFile: false, extra: [path])
    #expect(run.status == 0, "\(run.errors)")
    let first = try #require(run.heard.first)
    for index in 1..<4 {
      let phrase = try #require(run.heard.first { $0.location == book.sentences[index].start }, "\(run.heard)")
      #expect(abs(phrase.time - first.time - times[index]) < 0.1, "phrase \(index) at \(phrase.time)")
      #expect(run.level(from: phrase.time + 0.3, to: phrase.time + 1.2) > 300)
    }
    // After the narration, the chapter without an overlay is read by the voice, word by word.
    let voiced = run.heard.filter { $0.location > book.sentences[4].start }
    #expect(voiced.count > 5, "\(run.heard)")
  }

  @Test func anEPUBWithMediaOverlaysMovesByChapterAndIsResumedAfterAPowerCut() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let (path, _) = try MediaOverlayEPUB.make()
    let book = try BookParser.read(path: path).document
    let data = VirtualRun.folder()
    let first = try VirtualRun.run(script: "6.0 STOP", book: "", bookFile: false, dataDirectory: data, extra: [path])
    #expect(first.status == 0, "\(first.errors)")
    let lastHeard = try #require(first.heard.last)
    #expect(lastHeard.location >= book.sentences[1].start, "\(first.heard)")
    // Power on again: the EPUB is reopened and its narration goes on from where it was.
    let again = try VirtualRun.run(script: "2.0 NEXT long\n6.0 STOP", book: "", bookFile: false, dataDirectory: data)
    #expect(again.status == 0, "\(again.errors)")
    let resumed = try #require(again.heard.first)
    let narrated = try #require(NarrationTimes(book.sentenceMap))
    let lost = narrated.time(at: lastHeard.location) - narrated.time(at: resumed.location)
    #expect(lost >= 0 && lost <= 30, "resumed \(lost) s before the last phrase heard")
    #expect(again.level(from: resumed.time + 0.3, to: resumed.time + 1.0) > 300, "narration, resumed")
    // A long NEXT: chapter two, read by the voice.
    #expect(again.heard.contains { $0.time >= 2 && $0.location >= book.chapters[1].start }, "\(again.heard)")
  }
}
