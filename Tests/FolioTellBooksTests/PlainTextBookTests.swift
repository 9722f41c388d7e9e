import FolioTellCore
import Foundation
import Testing

@testable import FolioTellBooks

@Suite struct PlainTextBookTests {
  func read(_ text: String) -> BookDocument { PlainTextBook.read(Array(text.utf8)) }

  func sentences(_ document: BookDocument) -> [String] {
    let scalars = Array(document.text.unicodeScalars)
    return document.sentences.map { String(String.UnicodeScalarView(scalars[$0.start..<$0.end])) }
  }

  static let gutenberg = """
    The Project Gutenberg eBook of A Short Tale\r
    \r
    Title: A Short Tale\r
    Author: Jane Example\r
    Language: German\r
    \r
    *** START OF THE PROJECT GUTENBERG EBOOK A SHORT TALE ***\r
    \r
    KAPITEL I\r
    \r
    Es war einmal ein Haus. Es stand\r
    am Fluss.\r
    \r
    *** END OF THE PROJECT GUTENBERG EBOOK A SHORT TALE ***\r
    \r
    Section 1. General Terms of Use and Redistributing Project Gutenberg™ electronic works.\r
    """

  @Test func theGutenbergHeaderAndLicenceAreLeftOutAndTheirFactsKept() {
    let book = read(Self.gutenberg)
    #expect(book.title == "A Short Tale")
    #expect(book.author == "Jane Example")
    #expect(book.language == "de")
    #expect(!book.text.contains("Project Gutenberg"))
    #expect(!book.text.contains("General Terms"))
    #expect(sentences(book) == ["KAPITEL I", "Es war einmal ein Haus.", "Es stand am Fluss."])
    #expect(book.chapters == [BookDocument.Chapter(title: "KAPITEL I", start: 0)])
  }

  @Test func windowsAndOldMacLineEndingsAreLineEndings() {
    #expect(read("One line\r\nwrapped.\r\n\r\nSecond.\r\n").text == "One line wrapped.\n\nSecond.")
    #expect(read("One line\rwrapped.\r\rSecond.").text == "One line wrapped.\n\nSecond.")
  }

  @Test func hardWrappedLinesBecomeParagraphs() {
    let book = read("It was a dark\nand stormy night.\n\nThe rain fell.\n")
    #expect(book.text == "It was a dark and stormy night.\n\nThe rain fell.")
    #expect(book.paragraphStarts == [0, 33])
  }

  @Test func chapterHeadingsBecomeChapters() {
    let book = read(
      "CHAPTER I.\n\nOnce.\n\nChapter 2. The Storm\n\nTwice.\n\nBOOK II\n\nThrice.\n\nChapter and verse were quoted. Then more."
    )
    #expect(book.chapters.map(\.title) == ["CHAPTER I", "Chapter 2. The Storm", "BOOK II"])
    let scalars = Array(book.text.unicodeScalars)
    for chapter in book.chapters {
      #expect(
        String(String.UnicodeScalarView(scalars[chapter.start..<(chapter.start + 4)])).uppercased().hasPrefix("CHAP")
          || chapter.title.hasPrefix("BOOK"))
    }
  }

  @Test func chapterHeadingsInOtherLanguagesBecomeChapters() {
    let book = read("Kapitel 3\n\nText.\n\nChapitre II\n\nTexte.\n\nCapítulo 1\n\nTexto.\n\nГлава 5\n\nТекст.")
    #expect(book.chapters.map(\.title) == ["Kapitel 3", "Chapitre II", "Capítulo 1", "Глава 5"])
  }

  @Test func utf16WithAByteOrderMarkIsRead() {
    let bytes: [UInt8] = [0xFF, 0xFE] + Array("Grüße aus Köln.".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(PlainTextBook.read(bytes).text == "Grüße aus Köln.")
    let bigEndian: [UInt8] = [0xFE, 0xFF] + Array("Ça va.".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(PlainTextBook.read(bigEndian).text == "Ça va.")
  }

  @Test func bytesThatAreNotUtf8AreReadAsWindows1252() {
    // "Café – 5 €" in Windows-1252.
    let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x96, 0x20, 0x35, 0x20, 0x80]
    #expect(PlainTextBook.read(bytes).text == "Café – 5 €")
  }

  @Test func aUtf8ByteOrderMarkIsDropped() {
    #expect(PlainTextBook.read([0xEF, 0xBB, 0xBF] + Array("Hi.".utf8)).text == "Hi.")
  }

  @Test func decomposedTextIsComposed() {
    #expect(read("Cafe\u{301}.").text.unicodeScalars.count == 5)
  }

  @Test func aLanguageOverrideWinsOverTheHeader() {
    #expect(PlainTextBook.read(Array(Self.gutenberg.utf8), language: "fr").language == "fr")
  }

  @Test func theSentenceMapFitsTheText() {
    let book = read(Self.gutenberg)
    #expect(book.sentenceMap.count == 3)
    #expect(book.sentenceMap.endOffset == book.text.unicodeScalars.count)
  }

  @Test func readerErrorsSayWhatIsWrong() throws {
    #expect(throws: BookError.unreadable(path: "/no/such.txt", reason: "no such file")) {
      try BookParser.read(path: "/no/such.txt")
    }
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString).txt").path
    FileManager.default.createFile(atPath: empty, contents: Data("  \n\n ".utf8))
    #expect(throws: BookError.empty(path: empty)) { try BookParser.read(path: empty) }
    #expect(
      BookError.unsupported(path: "b.pdf", kind: "a PDF").description.contains(
        "EPUB, HTML, Markdown and plain text work"))
  }

  @Test func theBookIdIsTheContentsHash() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("id-\(UUID().uuidString).txt").path
    FileManager.default.createFile(atPath: path, contents: Data("Same words.".utf8))
    #expect(try BookParser.read(path: path).id == BookIdentity.id(forContent: Array("Same words.".utf8)))
  }
}

@Suite struct GutenbergEdgeTests {
  func read(_ text: String) -> BookDocument { PlainTextBook.read(Array(text.utf8)) }

  @Test func aTableOfContentsDoesNotMakeChapters() {
    let book = read(
      "CONTENTS\n\nCHAPTER 1. Loomings.\n\nCHAPTER 2. The Carpet-Bag.\n\nCHAPTER 1. Loomings.\n\nCall me Ishmael.\n\nCHAPTER 2. The Carpet-Bag.\n\nI stuffed a shirt."
    )
    #expect(book.chapters.map(\.title) == ["CHAPTER 1. Loomings", "CHAPTER 2. The Carpet-Bag"])
    let scalars = Array(book.text.unicodeScalars)
    let first = String(String.UnicodeScalarView(scalars[book.chapters[0].start...].prefix(40)))
    #expect(first.hasPrefix("CHAPTER 1. Loomings.\n\nCall me Ishmael."))
  }

  /// A chapter with nothing in it is still a chapter: the listener can go to it and hears that it is empty.
  @Test func anEmptyChapterIsKept() {
    let book = read("CHAPTER I\n\nIt began.\n\nCHAPTER II\n\nCHAPTER III\n\nIt ended.")
    #expect(book.chapters.map(\.title) == ["CHAPTER I", "CHAPTER II", "CHAPTER III"])
    let scalars = Array(book.text.unicodeScalars)
    let second = String(String.UnicodeScalarView(scalars[book.chapters[1].start...].prefix(10)))
    #expect(second == "CHAPTER II")
  }

  @Test func proseThatStartsLikeAHeadingIsNotAChapter() {
    #expect(read("Part two of the plan failed.\n\nBook three was lost.").chapters.isEmpty)
  }

  @Test func theOldEndLineAndMarkersWithoutSpacesAreRecognized() {
    let book = read(
      "Title: X\n\n***START OF THIS PROJECT GUTENBERG EBOOK X***\n\nThe story.\n\nEnd of the Project Gutenberg EBook of X\n\n***END OF THIS PROJECT GUTENBERG EBOOK X***\n\nLicence."
    )
    #expect(book.text == "The story.")
  }

  @Test func oneLetterWordsThatEndSentencesStillEndThem() {
    #expect(SentenceSegmenter.sentences(in: "Это был я. Потом пошёл дождь.", language: "ru").count == 2)
    let english = "He said no. Then he left."
    #expect(SentenceSegmenter.sentences(in: english, language: "en").count == 2)
  }

  @Test func longRunsOfInitialsStayFast() {
    let text = String(repeating: "J. ", count: 20_000) + "Smith."
    let started = ContinuousClock.now
    #expect(SentenceSegmenter.sentences(in: text, language: "en").count == 1)
    #expect(ContinuousClock.now - started < .seconds(10))
  }
}
