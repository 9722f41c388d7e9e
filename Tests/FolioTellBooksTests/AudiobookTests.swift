import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellBooks

/// Audiobooks made at test time: MP3 folders with tags, an M4B with chapter marks, and long narration cut
/// into phrases; read through FFmpeg as the box reads them.
@Suite(.serialized) struct AudiobookTests {
  static let sentences = [
    "The harbour lay still under a grey sky, and the boats rocked at their moorings.",
    "The wind rose in the night.",
    "At last the storm was over and the keeper slept.",
  ]

  /// A folder of three MP3 files named so that a plain sort would put "10" before "2".
  static func seaStories() throws -> String {
    let folder = NarrationFixtures.folder() + "/Sea Stories"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try NarrationFixtures.mp3(
      sentences[0], to: folder + "/1 harbour.mp3", title: "The Harbour", album: "Sea Stories", artist: "A. Author")
    try NarrationFixtures.mp3(sentences[1], to: folder + "/2 wind.mp3", title: "The Wind", album: "Sea Stories")
    try NarrationFixtures.mp3(sentences[2], to: folder + "/10 the end.mp3")
    return folder
  }

  @Test func aFolderOfMP3FilesIsOneBookWithAChapterPerFileInNaturalOrder() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let folder = try Self.seaStories()
    let (id, book) = try BookParser.read(path: folder)
    #expect(book.format == .audiobook)
    #expect(book.title == "Sea Stories" && book.author == "A. Author")
    // Titles from the tags; the untagged file by its name.
    #expect(book.chapters.map(\.title) == ["The Harbour", "The Wind", "10 the end"])
    #expect(book.isNarrated && book.clips.count == book.sentences.count)
    let files = book.clips.compactMap { $0?.file }
    #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent }.uniqued == ["1 harbour.mp3", "2 wind.mp3", "10 the end.mp3"])
    // Each file's narration is covered whole, phrase after phrase, with no gap.
    for file in files.uniqued {
      let clips = book.clips.compactMap { $0 }.filter { $0.file == file }
      #expect(clips.first?.begin == 0)
      for (earlier, later) in zip(clips, clips.dropFirst()) { #expect(earlier.end == later.begin) }
    }
    let first = book.clips.compactMap { $0 }.filter { $0.file == files[0] }.last!.end
    #expect(first > 3 && first < 8, "the first chapter lasts \(first) s")
    // The same files are the same book; a file added makes it another.
    #expect(try BookParser.read(path: folder).id == id)
  }

  @Test func longNarrationIsCutIntoTenSecondPhrasesWithTheirTimesShown() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let folder = NarrationFixtures.folder() + "/Long"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try NarrationFixtures.tone(seconds: 25, to: folder + "/01 Part one.mp3")
    try NarrationFixtures.tone(seconds: 12, to: folder + "/02 Part two.mp3")
    let book = try BookParser.read(path: folder).document
    let clips = book.clips.compactMap { $0 }
    #expect(clips.count == 4)
    #expect(clips.map { ($0.begin * 10).rounded() / 10 } == [0, 10, 20, 0])
    // A remainder shorter than half a phrase joins the phrase before it.
    #expect(clips[3].end > 11.5)
    let shown = book.sentences.map { String(book.text.unicodeScalars.dropFirst($0.start).prefix($0.length)) }
    #expect(shown == ["01 Part one, 0:00", "01 Part one, 0:10", "01 Part one, 0:20", "02 Part two, 0:00"])
  }

  @Test func anM4BFileWithChapterMarksIsOneBookWithThoseChapters() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let path = NarrationFixtures.folder() + "/keeper.m4b"
    let starts = try NarrationFixtures.m4b(
      chapters: [("The Harbour", Self.sentences[0]), ("The Wind", Self.sentences[1]), ("The End", Self.sentences[2])],
      to: path, title: "The Keeper")
    let (_, book) = try BookParser.read(path: path)
    #expect(book.format == .audiobook && book.title == "The Keeper" && book.author == "A. Narrator")
    #expect(book.chapters.map(\.title) == ["The Harbour", "The Wind", "The End"])
    // Each chapter's first phrase begins where its mark says.
    let chapterClips = book.chapters.map { chapter in book.clips[book.sentences.firstIndex { $0.start == chapter.start }!]! }
    for (clip, start) in zip(chapterClips, starts) { #expect(abs(clip.begin - start) < 0.05, "\(clip.begin) vs \(start)") }
  }

  @Test func theLibraryListsAnAudiobookFolderOnceAndEachAudioFileAtItsTop() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let folder = try Self.seaStories()
    let library = URL(fileURLWithPath: folder).deletingLastPathComponent().path
    try NarrationFixtures.mp3(Self.sentences[1], to: library + "/single.mp3", title: "A Single Story")
    FileManager.default.createFile(atPath: library + "/book.txt", contents: Data("A book with text.".utf8))
    let found = Library(folders: [library], mediaRoot: nil).scan()
    #expect(found.books.map(\.title) == ["A Single Story", "book", "Sea Stories"], "\(found.problems)")
    #expect(found.books.first { $0.title == "Sea Stories" }?.path == folder)
    #expect(found.problems.isEmpty)
  }

  @Test func aFolderOfDamagedAudioIsNamedWithWhyNotLeftOutInSilence() throws {
    let library = NarrationFixtures.folder()
    try FileManager.default.createDirectory(atPath: library + "/Broken", withIntermediateDirectories: true)
    for name in ["01.mp3", "02.mp3"] {
      FileManager.default.createFile(atPath: library + "/Broken/" + name, contents: Data([0xFF, 0xFB]))
    }
    let found = Library(folders: [library], mediaRoot: nil).scan()
    #expect(found.books.isEmpty)
    #expect(found.problems.count == 1)
    #expect(found.problems.first?.hasPrefix("cannot open the book '\(library)/Broken': skipped '\(library)/Broken/01.mp3'") == true, "\(found.problems)")
  }

  @Test func oneDamagedFileOfAnAudiobookIsSkippedAndSaid() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let folder = try Self.seaStories()
    FileManager.default.createFile(atPath: folder + "/3 broken.mp3", contents: Data("not audio".utf8))
    let book = try BookParser.read(path: folder).document
    #expect(book.chapters.count == 3)
    #expect(book.problems.count == 1 && book.problems[0].contains("3 broken.mp3"), "\(book.problems)")
  }

  @Test func numbersInNamesSortAsNumbers() {
    let names = ["10 end.mp3", "2 wind.mp3", "1 harbour.mp3", "Disc 1/track 11.mp3", "Disc 1/track 9.mp3"]
    #expect(names.sorted(by: NaturalOrder.precedes) == ["1 harbour.mp3", "2 wind.mp3", "10 end.mp3", "Disc 1/track 9.mp3", "Disc 1/track 11.mp3"])
  }
}

extension Array where Element: Hashable {
  fileprivate var uniqued: [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
