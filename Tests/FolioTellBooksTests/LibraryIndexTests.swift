import Foundation
import Testing

@testable import FolioTellBooks

/// The library's index in the data directory: a box with hundreds of books lists the ones it knows at
/// once, reads only new or changed files, and survives a broken index by reading the books again.
@Suite struct LibraryIndexTests {
  let root: String
  let books: String
  let index: String

  init() {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("index-\(UUID().uuidString)").path
    books = root + "/books"
    index = root + "/" + LibraryIndex.fileName
    try! FileManager.default.createDirectory(atPath: books, withIntermediateDirectories: true)
  }

  func put(_ text: String, _ name: String) {
    FileManager.default.createFile(atPath: books + "/" + name, contents: Data(text.utf8))
  }

  @Test func whatAScanLearnedIsKeptWithTitleAuthorLanguageAndChapters() throws {
    put("Title: Emma\nAuthor: Jane Austen\nLanguage: English\n\n*** START OF THE PROJECT GUTENBERG EBOOK EMMA ***\n\nCHAPTER I\n\nEmma Woodhouse was handsome.\n\nCHAPTER II\n\nShe had lived long.\n", "emma.txt")
    put("# Äpfel\n\nRote Äpfel sind süß und die grünen sind sauer, sagte die Großmutter.", "aepfel.md")
    let library = Library(folders: [books], mediaRoot: nil)
    _ = library.scan()
    try LibraryIndex.save(library.indexed, to: index)
    let kept = LibraryIndex.load(from: index)
    let emma = try #require(kept.first { $0.path.hasSuffix("emma.txt") })
    #expect(emma.title == "Emma")
    #expect(emma.author == "Jane Austen")
    #expect(emma.language == "en")
    #expect(emma.chapters == 2)
    #expect(emma.format == "plain text")
    #expect(emma.size > 0)
    #expect(kept.count == 2)
  }

  @Test func aBoxStartingWithTheIndexListsItsBooksWithoutReadingThem() throws {
    put("Title: Emma\n\n*** START OF THE PROJECT GUTENBERG EBOOK EMMA ***\n\nEmma was here.\n", "emma.txt")
    let first = Library(folders: [books], mediaRoot: nil)
    _ = first.scan()
    var files = first.indexed
    // What the index says is believed while the file is unchanged: the title proves it was not read.
    files[0].title = "Emma, as the index knows it"
    try LibraryIndex.save(files, to: index)
    let next = Library(folders: [books], mediaRoot: nil)
    next.remember(LibraryIndex.load(from: index))
    let quick = next.scanKnown()
    #expect(quick.books.map(\.title) == ["Emma, as the index knows it"])
    #expect(quick.unknown == 0)
  }

  @Test func newAndChangedBooksAreLeftToTheFullScan() throws {
    put("Old text.", "old.txt")
    let first = Library(folders: [books], mediaRoot: nil)
    _ = first.scan()
    try LibraryIndex.save(first.indexed, to: index)
    put("Old text, and more written since.", "old.txt")
    put("A new book.", "new.txt")
    let next = Library(folders: [books], mediaRoot: nil)
    next.remember(LibraryIndex.load(from: index))
    let quick = next.scanKnown()
    #expect(quick.books.isEmpty)
    #expect(quick.unknown == 2)
    #expect(next.scan().books.count == 2)
  }

  @Test func aBrokenOrMissingIndexMeansReadingTheBooksAgain() throws {
    #expect(LibraryIndex.load(from: index).isEmpty)
    FileManager.default.createFile(atPath: index, contents: Data("{\"version\": 1, \"files\": [{\"pa".utf8))
    #expect(LibraryIndex.load(from: index).isEmpty)
    put("Some text.", "a.txt")
    let library = Library(folders: [books], mediaRoot: nil)
    library.remember(LibraryIndex.load(from: index))
    #expect(library.scanKnown().unknown == 1)
    #expect(library.scan().books.count == 1)
  }

  @Test func unreadableFilesAreKeptWithWhy() throws {
    put("", "empty.txt")
    let first = Library(folders: [books], mediaRoot: nil)
    _ = first.scan()
    try LibraryIndex.save(first.indexed, to: index)
    let next = Library(folders: [books], mediaRoot: nil)
    next.remember(LibraryIndex.load(from: index))
    _ = next.scanKnown()
    #expect(next.unreadable.map(\.path) == [books + "/empty.txt"])
  }
}
