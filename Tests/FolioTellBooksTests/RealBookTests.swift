import FolioTellCore
import Foundation
import Testing

@testable import FolioTellBooks

/// EPUBs made by others, from Debian's packages (installed by scripts/install-debian-packages, not
/// committed). A book that is not installed is skipped with a printed reason.
@Suite struct RealBookTests {
  static let books: [(path: String, language: String, title: String)] = [
    ("/usr/share/doc/ubuntu-packaging-guide-epub/ubuntu-packaging-guide.epub", "en", "Ubuntu Packaging Guide"),
    ("/usr/share/doc/ubuntu-packaging-guide-epub-de/ubuntu-packaging-guide.epub", "de", "Ubuntu Packaging Guide"),
    ("/usr/share/doc/ubuntu-packaging-guide-epub-ru/ubuntu-packaging-guide.epub", "ru", "Ubuntu Packaging Guide"),
    ("/usr/share/doc/live-manual/epub/live-manual.en.epub", "en", "Live Systems Manual"),
    ("/usr/share/doc/live-manual/epub/live-manual.de.epub", "de", "Live Systems Handbuch"),
    ("/usr/share/doc/live-manual/epub/live-manual.fr.epub", "fr", ""),
  ]

  @Test(arguments: books.map(\.path))
  func aRealEpubOpensWithChaptersAndSentences(path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else {
      print("RealBookTests: skipped \(path): not installed (run scripts/install-debian-packages)")
      return
    }
    let expected = Self.books.first { $0.path == path }!
    let (_, book) = try BookParser.read(path: path)
    #expect(book.format == .epub)
    #expect(book.language?.hasPrefix(expected.language) == true)
    if !expected.title.isEmpty { #expect(book.title == expected.title) }
    #expect(book.problems.isEmpty, "\(book.problems.prefix(3))")
    #expect(book.chapters.count >= 10)
    #expect(book.sentences.count >= 500)
    // Sentences are in order, inside the text, and make a valid map for playback.
    let length = book.text.unicodeScalars.count
    _ = try SentenceMap(sentences: book.sentences, text: book.text)
    #expect(book.sentences.last!.end <= length)
    // Chapters start at paragraphs, in reading order, and their titles are words, not markup.
    let starts = Set(book.paragraphStarts)
    #expect(book.chapters.allSatisfy { starts.contains($0.start) })
    #expect(zip(book.chapters, book.chapters.dropFirst()).allSatisfy { $0.start <= $1.start })
    #expect(book.chapters.allSatisfy { !$0.title.isEmpty && !$0.title.contains("<") })
    #expect(!book.text.contains("</"))
    #expect(!book.text.contains("&amp;"))
  }

  @Test func theRealBooksAreInTheLibrary() throws {
    let folder = "/usr/share/doc/live-manual/epub"
    guard FileManager.default.fileExists(atPath: folder) else {
      print("RealBookTests: skipped the library test: live-manual-epub is not installed")
      return
    }
    let (books, problems) = Library(folders: [folder], mediaRoot: nil).scan()
    #expect(books.count >= 5)
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    #expect(Set(books.map(\.id)).count == books.count)
  }
}
