import Foundation
import Testing

/// The by-ear features on the virtual clock with real espeak-ng, as a listener uses them with the box's
/// controls: where am I, the key describer, a bookmark kept across a restart, the end-of-chapter sleep
/// timer and its fade (in the WAV), and undo after a chapter jump.
@Suite(.serialized) struct ByEarScriptedTests {
  /// Three chapters; the first about 70 seconds long at 175 words a minute.
  static let book: String = {
    let sentences = [
      "The lamp was lit early that evening.", "Rain tapped on the window of the little room.",
      "She opened the old book and began to read.", "Every page smelled of dust and pine.",
      "Outside, the river ran fast and brown.", "A dog barked twice and then was quiet.",
      "The kettle sang on the stove.", "Somewhere a door closed softly.",
    ]
    func chapter(_ title: String, paragraphs: Int) -> String {
      "# \(title)\n\n"
        + (0..<paragraphs).map { index in sentences.shuffledDeterministically(index).joined(separator: " ") }
        .joined(separator: "\n\n")
    }
    return [
      chapter("Chapter One", paragraphs: 3), chapter("Chapter Two", paragraphs: 2),
      chapter("Chapter Three", paragraphs: 1),
    ]
    .joined(separator: "\n\n") + "\n"
  }()

  static func run(_ script: String, data: String? = nil) throws -> VirtualRun {
    try VirtualRun.run(script: script, book: book, dataDirectory: data, bookName: "tale.md")
  }

  /// Where a chapter starts in the book as the box reads it (from the replayed document).
  static func chapterStart(_ title: String, in run: VirtualRun) -> Int? {
    let chapters = run.booksOpened.first?["chapters"] as? [[String: Any]] ?? []
    return chapters.first { $0["title"] as? String == title }?["start"] as? Int
  }

  @Test func whereAmISaysThePlaceAndReadingGoesOnFromTheSameWord() throws {
    let run = try Self.run("3.0 PLAY long")
    #expect(run.status == 0, "\(run.errors)")
    let said = try #require(run.announcements.first { $0.text.contains("percent") })
    #expect(said.text.contains("Chapter One."))
    #expect(said.text.contains("left in the chapter"))
    #expect(said.text.contains("left in the book"))
    #expect(run.peak(from: said.time, to: said.time + 1) > 1000, "where am I is heard")
    let before = try #require(run.heard.last { $0.time <= 3.0 })
    let after = try #require(run.heard.first { $0.time > 3.0 })
    #expect(after.location == before.location, "reading goes on from the word it stopped at")
  }

  @Test func theKeyDescriberSaysWhatKeysDoInsteadOfDoingIt() throws {
    let run = try Self.run("2.0 BACK+MENU long\n6.0 NEXT\n8.0 PLAY long\n12.0 BACK+MENU long")
    #expect(run.status == 0, "\(run.errors)")
    let said = run.announcements.map(\.text)
    #expect(said.first?.hasPrefix("Key describer on.") == true)
    #expect(said.contains("Next: Next sentence."))
    #expect(said.contains("Play held: Where am I: the book, the chapter, how far, and the time left."))
    // Turned on during the greeting, before reading began: leaving it says what to press.
    #expect(said.last == "Key describer off. Press PLAY to read.")
    // Nothing was read while it was on: NEXT did not move the place.
    #expect(run.heard.filter { $0.time > 2.0 && $0.time < 12.0 }.isEmpty)
  }

  @Test func aBookmarkAddedIsJumpedToAfterARestart() throws {
    let data = VirtualRun.folder()
    // Into chapter two, then MENU, Bookmarks (two down), Add.
    let first = try Self.run("2.0 NEXT long\n6.0 MENU\n6.5 ENCODER +2\n7.0 PLAY\n8.0 PLAY\n12.0 STOP", data: data)
    #expect(first.status == 0, "\(first.errors)")
    let added = try #require(first.announcements.first { $0.text.hasPrefix("Bookmark 1 added") })
    #expect(added.text.contains("chapter 2"))
    // A new start: back to the beginning, then the bookmark from the menu.
    let second = try Self.run(
      "1.0 STOP long\n3.0 MENU\n3.5 ENCODER +2\n4.0 PLAY\n5.0 ENCODER +1\n6.0 PLAY\n7.0 PLAY", data: data)
    #expect(second.status == 0, "\(second.errors)")
    let chapterTwo = try #require(Self.chapterStart("Chapter Two", in: second))
    #expect(second.announcements.contains { $0.text.hasPrefix("Bookmark 1. chapter 2") })
    let after = try #require(second.heard.first { $0.time > 7.0 })
    #expect(after.location >= chapterTwo)
  }

  @Test func theEndOfChapterSleepTimerFadesOutAndStopsAtTheChapter() throws {
    // MENU, Sleep timer (six down), At the end of the chapter (five down).
    let run = try Self.run("1.0 MENU\n1.5 ENCODER +6\n2.0 PLAY\n2.5 ENCODER +5\n3.0 PLAY")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.announcements.contains { $0.text == "Reading stops at the end of the chapter." })
    let chapterTwo = try #require(Self.chapterStart("Chapter Two", in: run))
    // Reading ended where chapter two begins; nothing of it was heard beyond its first word.
    let last = try #require(run.heard.last)
    #expect(last.location >= chapterTwo - 1)
    #expect(run.heard.filter { $0.location > chapterTwo + 20 }.isEmpty)
    // The fade: the last 10 s before the end are much quieter than reading before the fade began.
    let end = last.time
    let loud = run.level(from: end - 50, to: end - 40)
    let quiet = run.level(from: end - 8, to: end)
    #expect(loud > 500, "reading is heard before the fade (\(loud))")
    #expect(quiet < loud * 0.4, "the level falls over the last 30 s (\(loud) then \(quiet))")
    #expect(run.level(from: end + 1, to: end + 3) < 50, "silent after the timer")
  }

  @Test func aBookThatCannotBeOpenedIsListedWithWhy() throws {
    let run = try VirtualRun.run(
      script: "1.0 MENU\n2.0 PLAY\n3.0 NEXT\n4.0 PLAY",
      library: ["emma.txt": "Emma Woodhouse was handsome.", "broken.epub": "this is not a zip file at all"])
    #expect(run.status == 0, "\(run.errors)")
    let said = run.announcements.map(\.text)
    let item = try #require(said.first { $0.hasPrefix("broken: cannot be opened, ") }, "\(said)")
    #expect(item.hasSuffix("2 of 2."))
    #expect(said.contains { $0.hasPrefix("broken cannot be opened: ") && $0.hasSuffix("Choose another book.") })
  }

  @Test func undoAfterAChapterJumpBringsThePlaceBack() throws {
    let run = try Self.run("4.0 NEXT long\n8.0 BACK long\n8.5 BACK release")
    #expect(run.status == 0, "\(run.errors)")
    let said = run.announcements.map(\.text)
    #expect(said.contains("Chapter Two."))
    #expect(said.contains { $0.hasPrefix("Back to chapter 1,") })
    let before = try #require(run.heard.last { $0.time <= 4.0 })
    let after = try #require(run.heard.first { $0.time > 8.5 })
    #expect(after.location == before.location)
  }
}

extension Array {
  /// A fixed reordering (no randomness: the same book every run), different for each seed.
  fileprivate func shuffledDeterministically(_ seed: Int) -> [Element] {
    guard !isEmpty else { return self }
    let shift = (seed * 3) % count
    return Array(self[shift...] + self[..<shift])
  }
}
