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

  /// The index is written again only after the library learned something: a scan that finds every book as
  /// it was leaves the generation where it was; a book added, changed or removed moves it.
  @Test func theGenerationMovesOnlyWhenABookIsAddedChangedOrRemoved() throws {
    put("First text.", "a.txt")
    let library = Library(folders: [books], mediaRoot: nil)
    _ = library.scan()
    var last = library.generation
    func moved() -> Bool {
      defer { last = library.generation }
      return library.generation != last
    }
    _ = library.scan()
    #expect(!moved(), "nothing changed")
    put("Another book.", "b.txt")
    _ = library.scan()
    #expect(moved(), "a book added")
    put("First text, and more written since.", "a.txt")
    _ = library.scan()
    #expect(moved(), "a book changed")
    try FileManager.default.removeItem(atPath: books + "/b.txt")
    _ = library.scan()
    #expect(moved(), "a book removed")
    _ = library.scanKnown()
    #expect(!moved(), "a quick look reads nothing")
  }

  /// A chosen book is found by its id in what the library holds, and is gone once its file is.
  @Test func aBookIsFoundByItsIdUntilItsFileGoes() throws {
    put("Title: Emma\n\n*** START OF THE PROJECT GUTENBERG EBOOK EMMA ***\n\nEmma was here.\n", "emma.txt")
    put("Another book.", "other.txt")
    let library = Library(folders: [books], mediaRoot: nil)
    let emma = try #require(library.scan().books.first { $0.title == "Emma" })
    #expect(library.entry(id: emma.id) == emma)
    // The same book copied beside it: the copy of the first path, every time.
    put("Title: Emma\n\n*** START OF THE PROJECT GUTENBERG EBOOK EMMA ***\n\nEmma was here.\n", "emma-copy.txt")
    _ = library.scan()
    #expect(library.entry(id: emma.id)?.path == books + "/emma-copy.txt")
    try FileManager.default.removeItem(atPath: books + "/emma-copy.txt")
    try FileManager.default.removeItem(atPath: emma.path)
    _ = library.scan()
    #expect(library.entry(id: emma.id) == nil)
  }

  /// An index that cannot be written says where and why, and leaves the one written before as it was.
  @Test func anIndexThatCannotBeWrittenSaysWhyAndKeepsTheOldOne() throws {
    put("Some text.", "a.txt")
    let library = Library(folders: [books], mediaRoot: nil)
    _ = library.scan()
    try LibraryIndex.save(library.indexedFiles, to: index)
    let before = try Data(contentsOf: URL(fileURLWithPath: index))
    // The temporary file's place is taken by a folder, as a card that cannot be written would refuse it.
    try FileManager.default.createDirectory(atPath: index + ".new", withIntermediateDirectories: true)
    #expect {
      try LibraryIndex.save(library.indexedFiles, to: index)
    } throws: { error in
      "\(error)".contains(index + ".new") && "\(error)".contains("Is a directory")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == before)
    #expect(LibraryIndex.load(from: index).map(\.path) == [books + "/a.txt"])
  }
}
