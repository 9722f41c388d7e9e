import Foundation
import Testing

@testable import FolioTellBooks

@Suite struct LibraryTests {
  func folder() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path + "/books", withIntermediateDirectories: true)
    try! FileManager.default.createDirectory(atPath: path + "/media", withIntermediateDirectories: true)
    return path
  }

  func put(_ text: String, at path: String) {
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  }

  @Test func booksAreListedByTitleWithTheirIds() throws {
    let root = folder()
    put("Title: Zebra Days\n\n*** START OF THE PROJECT GUTENBERG EBOOK Z ***\nStripes.\n", at: root + "/books/z.txt")
    put("# Apples\n\nRed ones.", at: root + "/books/a.md")
    put("not a book", at: root + "/books/picture.jpg")
    let library = Library(folders: [root + "/books"], mediaRoot: root + "/media")
    let (books, problems) = library.scan()
    #expect(books.map(\.title) == ["Apples", "Zebra Days"])
    #expect(books.map(\.format) == [.markdown, .plainText])
    #expect(problems.isEmpty)
  }

  @Test func aBookInAFormatTheBoxCannotReadIsNamedWithHowToConvertIt() throws {
    let root = folder()
    put("%PDF-1.4", at: root + "/books/manual.pdf")
    put("Words.", at: root + "/books/words.txt")
    let (books, problems) = Library(folders: [root + "/books"], mediaRoot: root + "/media").scan()
    #expect(books.map(\.title) == ["words"])
    #expect(problems == [
      "\(root)/books/manual.pdf: the box cannot read PDF books; convert it to EPUB or plain text (pdftotext BOOK.pdf BOOK.txt, or Calibre's ebook-convert to EPUB)"
    ])
  }

  @Test func aRenamedFileKeepsItsId() throws {
    let root = folder()
    put("Same book.", at: root + "/books/old name.txt")
    let library = Library(folders: [root + "/books"], mediaRoot: nil)
    let before = try #require(library.scan().books.first)
    try FileManager.default.moveItem(atPath: root + "/books/old name.txt", toPath: root + "/books/new name.txt")
    let after = try #require(library.scan().books.first)
    #expect(after.id == before.id)
    #expect(after.title == "new name")
  }

  @Test func aDriveUnderMediaIsSearched() throws {
    let root = folder()
    try FileManager.default.createDirectory(atPath: root + "/media/usb0", withIntermediateDirectories: true)
    put("From the stick.", at: root + "/media/usb0/stick.txt")
    let library = Library(folders: [root + "/books"], mediaRoot: root + "/media")
    #expect(library.scan().books.map(\.title) == ["stick"])
  }

  @Test func anUnreadableBookIsListedApartWithTheReason() throws {
    let root = folder()
    FileManager.default.createFile(atPath: root + "/books/broken.epub", contents: Data("PK\u{03}\u{04}garbage".utf8))
    put("Fine.", at: root + "/books/fine.txt")
    let (books, problems) = Library(folders: [root + "/books"], mediaRoot: nil).scan()
    #expect(books.map(\.title) == ["fine"])
    #expect(problems.count == 1)
    #expect(problems.first?.contains("broken.epub") == true)
  }

  @Test func booksAppearingAndDisappearingArePickedUpWithoutARestart() throws {
    let root = folder()
    let library = Library(folders: [root + "/books"], mediaRoot: root + "/media")
    let watcher = try LibraryWatcher(library)
    #expect(library.scan().books.isEmpty)
    put("New arrival.", at: root + "/books/new.txt")
    #expect(watcher.waitForChange(timeout: 5))
    #expect(library.scan().books.map(\.title) == ["new"])
    try FileManager.default.removeItem(atPath: root + "/books/new.txt")
    #expect(watcher.waitForChange(timeout: 5))
    #expect(library.scan().books.isEmpty)
    // A drive mounted under /media wakes the watcher too.
    try FileManager.default.createDirectory(atPath: root + "/media/stick", withIntermediateDirectories: true)
    #expect(watcher.waitForChange(timeout: 5))
    put("On the stick.", at: root + "/media/stick/b.txt")
    #expect(watcher.waitForChange(timeout: 5))
    #expect(library.scan().books.map(\.title) == ["b"])
  }

  @Test func nothingChangedMeansNoWakeUp() throws {
    let root = folder()
    let watcher = try LibraryWatcher(Library(folders: [root + "/books"], mediaRoot: nil))
    #expect(!watcher.waitForChange(timeout: 0.05))
  }
}
