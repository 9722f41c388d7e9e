import FolioTellBooks
import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

/// Full-audio DAISY books made by a producer (anemone-daisy-maker) from espeak-ng narration made at test
/// time: each paragraph spoken, its time in the chapter's MP3 given to anemone as a time marker. Opened,
/// played through the whole box on the virtual clock, navigated and resumed.
@Suite(.serialized) struct NarratedDAISYTests {
  static var available: Bool { DAISYMadeByOthersTests.available && NarrationFixtures.available }
  static let skipReason = "skipped: anemone-daisy-maker (scripts/install-python-tools) or espeak-ng, lame and ffmpeg are missing"

  /// Each chapter's elements (anemone's `data-pid`) and what they say.
  static let chapters: [[(id: String, html: String, words: String)]] = [
    [
      ("c1-h", #"<h1 data-pid="c1-h"><span data-no="1"></span>Chapter 1: The Harbour</h1>"#, "Chapter 1: The Harbour"),
      ("c1-p1", #"<p data-pid="c1-p1">The little harbour lay sheltered behind a long arm of grey stone.</p>"#,
        "The little harbour lay sheltered behind a long arm of grey stone."),
      ("c1-h2", #"<h2 data-pid="c1-h2"><span data-no="2"></span>The Keeper</h2>"#, "The Keeper"),
      ("c1-p2", #"<p data-pid="c1-p2">He was an old man with a weathered face.</p>"#, "He was an old man with a weathered face."),
    ],
    [
      ("c2-h", #"<h1 data-pid="c2-h"><span data-no="3"></span>Chapter 2: The Storm</h1>"#, "Chapter 2: The Storm"),
      ("c2-p1", #"<p data-pid="c2-p1">The wind rose in the night and the sea grew wild.</p>"#,
        "The wind rose in the night and the sea grew wild."),
    ],
  ]

  /// The narrated book, unzipped into a folder; and where each phrase starts in its chapter's audio.
  static func make(daisy3: Bool = false) throws -> (folder: String, times: [[Double]]) {
    let work = VirtualRun.folder()
    var inputs: [String] = []
    var times: [[Double]] = []
    for (number, chapter) in chapters.enumerated() {
      let name = work + "/ch\(number + 1)"
      var list = ""
      var markers: [String] = []
      var starts: [Double] = []
      var time = 0.0
      for (index, element) in chapter.enumerated() {
        let wav = name + "-\(index).wav"
        try NarrationFixtures.speech(element.words, to: wav)
        starts.append(time)
        markers.append(#"{"id":"\#(element.id)","time":\#(time)}"#)
        list += "file '\(wav)'\n"
        time += NarrationFixtures.duration(of: wav)
      }
      times.append(starts)
      try list.write(toFile: name + ".txt", atomically: true, encoding: .utf8)
      try NarrationFixtures.run(
        "/usr/bin/ffmpeg",
        ["-nostdin", "-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", name + ".txt", name + ".wav"])
      try NarrationFixtures.run("/usr/bin/lame", ["--quiet", "-b", "64", name + ".wav", name + ".mp3"])
      let html = """
        <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"/>\
        <title>Chapter \(number + 1)</title></head><body>\(chapter.map(\.html).joined(separator: "\n"))</body></html>
        """
      try html.write(toFile: name + ".html", atomically: true, encoding: .utf8)
      try (#"{"markers":["# + markers.joined(separator: ",") + "]}").write(toFile: name + ".json", atomically: true, encoding: .utf8)
      inputs += [name + ".mp3", name + ".html", name + ".json"]
    }
    let zip = work + "/keeper-daisy.zip"
    try NarrationFixtures.run(
      DAISYMadeByOthersTests.venv + "/bin/python",
      ["-m", "anemone"] + (daisy3 ? ["--daisy3"] : []) + inputs + [
        zip, "--title", "The Keeper of the Light", "--creator", "A. N. Author", "--lang", "en", "--date", "2024-01-01",
        "--url", "urn:uuid:6f1c2d3e-0000-4000-8000-000000000002", "--cache", "",
      ])
    let folder = work + "/The Keeper"
    try NarrationFixtures.run(DAISYMadeByOthersTests.venv + "/bin/python", ["-m", "zipfile", "-e", zip, folder])
    return (folder, times)
  }

  static func shown(_ book: BookDocument) -> [String] {
    book.sentences.map { String(book.text.unicodeScalars.dropFirst($0.start).prefix($0.length)) }
  }

  @Test(arguments: [false, true]) func aFullAudioBookOpensWithItsPhrasesLevelsAndPages(daisy3: Bool) throws {
    guard Self.available else { return print(Self.skipReason) }
    let (folder, times) = try Self.make(daisy3: daisy3)
    let (_, book) = try BookParser.read(path: folder)
    #expect(book.format == (daisy3 ? .daisy3 : .daisy202))
    #expect(book.title == "The Keeper of the Light" && book.language == "en")
    // One phrase per narrated element, shown as its text.
    #expect(Self.shown(book) == Self.chapters.flatMap { $0.map(\.words) })
    #expect(book.chapters.map(\.title) == ["Chapter 1: The Harbour", "The Keeper", "Chapter 2: The Storm"])
    #expect(book.chapters.map(\.level) == [1, 2, 1])
    #expect(book.pages.map(\.label) == ["1", "2", "3"])
    // Every phrase has its clip, starting where its narration starts in the chapter's audio.
    let clips = book.clips.compactMap { $0 }
    #expect(clips.count == book.sentences.count)
    for (clip, time) in zip(clips, times.flatMap { $0 }) { #expect(abs(clip.begin - time) < 0.01, "\(clip.begin) vs \(time)") }
    #expect(Set(clips.map(\.file)).count == 2)
    #expect(book.problems.isEmpty, "\(book.problems)")
  }

  @Test func aZippedNarratedBookPlaysFromItsZip() throws {
    guard Self.available else { return print(Self.skipReason) }
    let (folder, times) = try Self.make()
    let zipped = URL(fileURLWithPath: folder).deletingLastPathComponent().path + "/keeper-daisy.zip"
    let (_, book) = try BookParser.read(path: zipped)
    #expect(Self.shown(book) == Self.chapters.flatMap { $0.map(\.words) })
    let clips = book.clips.compactMap { $0 }
    #expect(clips.count == book.sentences.count)
    for (clip, time) in zip(clips, times.flatMap { $0 }) { #expect(abs(clip.begin - time) < 0.01) }
    // Each clip's file opens: read in place from the zip, or inflated once into the temporary folder.
    for file in Set(clips.map(\.file)) {
      #expect(file.hasPrefix("subfile,,") || FileManager.default.fileExists(atPath: file), "\(file)")
    }
    let run = try VirtualRun.run(script: "3.0 STOP", book: "", bookFile: false, extra: [zipped])
    #expect(run.status == 0, "\(run.errors)")
    let second = try #require(run.heard.first { $0.location == book.sentences[1].start }, "\(run.heard)")
    #expect(abs(second.time - times[0][1]) < 0.1)
    #expect(run.level(from: 0.3, to: 1.5) > 300)
  }

  @Test(arguments: [false, true]) func theBoxPlaysTheNarrationAtItsTimesAndMovesByLevel(daisy3: Bool) throws {
    guard Self.available else { return print(Self.skipReason) }
    let (folder, times) = try Self.make(daisy3: daisy3)
    let book = try BookParser.read(path: folder).document
    let run = try VirtualRun.run(script: "4.0 NEXT long\n16.0 STOP", book: "", bookFile: false, extra: [folder])
    #expect(run.status == 0, "\(run.errors)")
    let heard = run.heard
    // The first phrases are shown as their narration is heard, at its times.
    let first = try #require(heard.first)
    #expect(first.location == 0)
    let second = try #require(heard.first { $0.location == book.sentences[1].start }, "\(heard)")
    #expect(abs(second.time - (first.time + times[0][1])) < 0.05, "heard at \(second.time), narrated at \(times[0][1])")
    // The WAV holds the narration: sound while the first phrase plays, and while the second does.
    #expect(run.level(from: first.time + 0.3, to: first.time + 1.5) > 300)
    #expect(run.level(from: second.time + 0.5, to: second.time + 2.5) > 300)
    // NEXT held moves to the next heading, "The Keeper" (level 2): its title is said, then its narration
    // plays on from there, and the rest of the book after it.
    let keeper = book.chapters[1].start
    #expect(run.announcements.contains { $0.text.contains("The Keeper") }, "\(run.announcements)")
    let after = try #require(heard.first { $0.time > 4 })
    #expect(after.location >= keeper && after.location <= book.sentences[3].start, "\(heard)")
    let storm = book.chapters[2].start
    let chapterTwo = try #require(heard.first { $0.location == storm }, "\(heard)")
    let nextPhrase = try #require(heard.first { $0.location == book.sentences[5].start })
    #expect(abs(nextPhrase.time - chapterTwo.time - times[1][1]) < 0.05)
  }

  @Test(arguments: [false, true]) func aNarratedBookIsResumedAfterAPowerCutWhereTheListenerWas(daisy3: Bool) throws {
    guard Self.available else { return print(Self.skipReason) }
    let (folder, _) = try Self.make(daisy3: daisy3)
    let data = VirtualRun.folder()
    let first = try VirtualRun.run(script: "8.5 STOP", book: "", bookFile: false, dataDirectory: data, extra: [folder])
    #expect(first.status == 0, "\(first.errors)")
    let lastHeard = try #require(first.heard.last?.location)
    #expect(lastHeard > 0)
    let again = try VirtualRun.run(script: "3.0 STOP", book: "", bookFile: false, dataDirectory: data)
    #expect(again.status == 0, "\(again.errors)")
    let resumed = try #require(again.heard.first?.location)
    #expect(resumed <= lastHeard && resumed > 0, "resumed at \(resumed), last heard \(lastHeard)")
  }

  @Test func aListenerMovesByPageAndByTenSecondsInTheNarration() throws {
    guard Self.available else { return print(Self.skipReason) }
    let (folder, _) = try Self.make()
    let book = try BookParser.read(path: folder).document
    // Long pushes: paragraph, level 1, level 2, page; NEXT. Then 10 seconds; PREVIOUS.
    var script = ""
    var time = 0.5
    for _ in 0..<4 {
      script += "\(time) ENCODER_PUSH long\n\(time + 0.2) ENCODER_PUSH release\n"
      time += 1.5
    }
    script += "7.0 NEXT\n8.0 ENCODER_PUSH long\n8.2 ENCODER_PUSH release\n10.5 PREVIOUS\n13.0 STOP\n"
    let run = try VirtualRun.run(script: script, book: "", bookFile: false, extra: [folder])
    #expect(run.status == 0, "\(run.errors)")
    let said = run.announcements.map(\.text)
    #expect(said.contains("Move by page.") && said.contains("Move by 10 seconds."), "\(said)")
    // NEXT by page: to page 2, "The Keeper".
    let page2 = try #require(book.pages.first { $0.label == "2" })
    let landed = try #require(run.heard.first { $0.time >= 7 && $0.time < 8 }, "\(run.heard)")
    #expect(landed.location == page2.start)
    // PREVIOUS by 10 seconds: back to the book's start (the narration there is less than 10 s in).
    let back = try #require(run.heard.first { $0.time >= 10.5 && $0.time < 12 }, "\(run.heard)")
    #expect(back.location == 0)
  }

  @Test func anAudioOnlyBookPlaysEachRecordingAndAChapterJumpPlaysItWhole() throws {
    guard Self.available else { return print(Self.skipReason) }
    let work = VirtualRun.folder()
    let parts = [
      ("Part one", "This is the first part of a book read by a person, with no text at all."),
      ("Part two", "And this is the second part, also without text."),
    ]
    var lengths: [Double] = []
    for (title, words) in parts {
      try NarrationFixtures.speech(words, to: work + "/\(title).wav")
      lengths.append(NarrationFixtures.duration(of: work + "/\(title).wav"))
      try NarrationFixtures.run("/usr/bin/lame", ["--quiet", "-b", "64", work + "/\(title).wav", work + "/\(title).mp3"])
    }
    let zipped = work + "/spoken-daisy.zip"
    try NarrationFixtures.run(
      DAISYMadeByOthersTests.venv + "/bin/python",
      ["-m", "anemone", work + "/Part one.mp3", work + "/Part two.mp3", zipped, "--title", "Spoken Only", "--lang", "en",
        "--date", "2024-01-01", "--url", "urn:uuid:6f1c2d3e-0000-4000-8000-000000000009", "--cache", ""])
    let book = try BookParser.read(path: zipped).document
    #expect(book.format == .daisy202 && book.title == "Spoken Only")
    // anemone titles each recording by its file's name.
    #expect(book.chapters.map(\.title).map { $0.replacingOccurrences(of: ".mp3", with: "") } == ["Part one", "Part two"])
    let clips = book.clips.compactMap { $0 }
    #expect(clips.count == 2)
    for (clip, length) in zip(clips, lengths) { #expect(abs(clip.duration - length) < 0.15, "\(clip.duration) vs \(length)") }
    // A long NEXT during part one: part two's title is said, then its whole recording plays.
    let run = try VirtualRun.run(script: "1.5 NEXT long\n12.0 STOP", book: "", bookFile: false, extra: [zipped])
    #expect(run.status == 0, "\(run.errors)")
    let two = try #require(run.heard.first { $0.location == book.chapters[1].start }, "\(run.heard)")
    #expect(run.level(from: two.time + 0.3, to: two.time + lengths[1] - 0.3) > 300)
  }
}
