import FolioTellCore
import FolioTellTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import FolioTellBooks

/// A long book read part by part and kept: the whole it gives is the book as the whole-book reader reads
/// it, its beginning is the start of that text, and the kept book opens again only while its file is the
/// same.
@Suite struct KeptBookTests {
  let root: String
  let keeper: BookKeeper

  init() {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    keeper = BookKeeper(folder: root + "/books")
  }

  func put(_ bytes: [UInt8], _ name: String) -> String {
    let path = root + "/" + name
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  /// A Gutenberg file of about 1.3 MB: header, 60 chapters of prose with accents and dialogue, licence.
  static func longGutenbergText() -> String {
    var text = "Title: A Long Book\nAuthor: Nobody\nLanguage: English\n\n*** START OF THE PROJECT GUTENBERG EBOOK A LONG BOOK ***\n\n"
    for chapter in 1...60 {
      text += "CHAPTER \(chapter)\n\n"
      for paragraph in 0..<40 {
        text += "The café was quiet, said Zoë, on day \(paragraph) of chapter \(chapter). \u{201C}Really?\u{201D}\nShe asked again,\nand waited.\n\n"
        text += String(repeating: "A long line of prose that goes on and on. ", count: 10) + "\n\n"
      }
    }
    return text + "*** END OF THE PROJECT GUTENBERG EBOOK A LONG BOOK ***\n\nThe licence, never read aloud.\n"
  }

  func index(_ path: String) throws -> (beginning: BookKeeper.Beginning?, book: KeptBook) {
    var first: BookKeeper.Beginning?
    let indexed = try keeper.index(id: "book", path: path, beginning: { first = $0 })
    guard case .kept(let kept) = indexed else { throw BookError.empty(path: path) }
    return (first, kept)
  }

  @Test func aLongPlainTextIsKeptAsTheWholeReaderReadsItWithItsBeginningFirst() throws {
    let path = put(Array(Self.longGutenbergText().utf8), "long.txt")
    let whole = try BookParser.read(path: path).document
    let (beginning, kept) = try index(path)
    #expect(kept.map.scalars == BookText(whole.text))
    #expect(kept.map.sentences == whole.sentences)
    #expect(kept.paragraphs == whole.paragraphStarts)
    #expect(kept.chapters.map(\.title) == whole.chapters.map(\.title))
    #expect(kept.chapters.map(\.start) == whole.chapters.map(\.start))
    #expect(kept.facts.title == "A Long Book" && kept.facts.author == "Nobody" && kept.facts.language == "en")
    #expect(!kept.map.scalars.string.contains("licence"))
    let start = try #require(beginning)
    #expect(BookText(start.document.text).isPrefix(of: kept.map.scalars))
    #expect(start.document.text.unicodeScalars.count < 40_000)
    // Guessed from the file's size: within a fifth of the real length.
    #expect(abs(start.expectedCharacters - kept.map.endOffset) < kept.map.endOffset / 5)
  }

  @Test func aLongEPUBIsKeptAsTheWholeReaderReadsIt() throws {
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add("META-INF/container.xml", EPUBBookTests.container)
    var manifest = ""
    var spine = ""
    for chapter in 1...40 {
      manifest += "<item id=\"c\(chapter)\" href=\"c\(chapter).xhtml\" media-type=\"application/xhtml+xml\"/>"
      spine += "<itemref idref=\"c\(chapter)\"/>"
      zip.add(
        "OEBPS/c\(chapter).xhtml",
        EPUBBookTests.chapter("Kapitel \(chapter)", String(repeating: "Es war kalt, und wir gingen los. ", count: 40)))
    }
    zip.add(
      "OEBPS/content.opf",
      "<?xml version=\"1.0\"?><package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\"><metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>Lang</dc:title><dc:language>de</dc:language></metadata><manifest>\(manifest)</manifest><spine>\(spine)</spine></package>"
    )
    let path = put(zip.bytes, "long.epub")
    let whole = try BookParser.read(path: path).document
    let (beginning, kept) = try index(path)
    #expect(kept.map.scalars == BookText(whole.text))
    #expect(kept.map.sentences == whole.sentences)
    #expect(kept.chapters.map(\.start) == whole.chapters.map(\.start))
    #expect(kept.facts.title == "Lang" && kept.facts.language == "de" && kept.facts.format == "EPUB")
    let start = try #require(beginning)
    #expect(start.document.chapters.count < whole.chapters.count)
    #expect(BookText(start.document.text).isPrefix(of: kept.map.scalars))
  }

  @Test func aKeptBookOpensAgainOnlyWhileItsFileIsTheSame() throws {
    let path = put(Array(Self.longGutenbergText().utf8), "long.txt")
    let (_, kept) = try index(path)
    let again = try #require(keeper.kept(id: "book", path: path))
    #expect(again.map.scalars == kept.map.scalars && again.map.sentences == kept.map.sentences)
    #expect(keeper.kept(id: "another", path: path) == nil)
    // Changed on the stick: indexed again, never the old index.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    handle.seekToEndOfFile()
    handle.write(Data("More.\n".utf8))
    try handle.close()
    #expect(keeper.kept(id: "book", path: path) == nil)
  }

  @Test func aDamagedKeptBookIsNeverTrusted() throws {
    let path = put(Array(Self.longGutenbergText().utf8), "long.txt")
    _ = try index(path)
    let file = keeper.folder + "/book.book"
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    // Cut short, as a pulled plug would leave a file written without the rename: not read.
    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: file))
    #expect(keeper.kept(id: "book", path: path) == nil)
    // Its facts garbled: the JSON that opens after the magic line and its length is broken. (Not a
    // fixed offset inside the JSON: the encoder's key order may differ from one process to the next.)
    let facts = KeptBook.magic.count + 4
    #expect(bytes[facts] == UInt8(ascii: "{"))
    bytes[facts] = UInt8(ascii: "[")
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    #expect(keeper.kept(id: "book", path: path) == nil)
  }

  /// The kept book handed out again while its file is the same is let go when the file is damaged in
  /// place with its size and modification time kept, as a write within one tick of the clock leaves it.
  @Test func aKeptBookDamagedInPlaceWithItsSizeAndTimeKeptIsReadAgain() throws {
    let path = put(Array(Self.longGutenbergText().utf8), "long.txt")
    _ = try index(path)
    #expect(keeper.kept(id: "book", path: path) != nil)
    let file = keeper.folder + "/book.book"
    var info = stat()
    #expect(stat(file, &info) == 0)
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: file))
    #expect(keeper.kept(id: "book", path: path) == nil)
    bytes[KeptBook.magic.count + 4] = UInt8(ascii: "[")
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    var times = [info.st_atim, info.st_mtim]
    #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
    #expect(keeper.kept(id: "book", path: path) == nil)
  }

  @Test func theOldestKeptBooksMakeRoomForTheNew() throws {
    let small = BookKeeper(folder: root + "/small", budgetBytes: 2_000_000)
    let path = put(Array(Self.longGutenbergText().utf8), "long.txt")
    _ = try small.index(id: "first", path: path)
    _ = try small.index(id: "second", path: path)
    #expect(small.kept(id: "second", path: path) != nil)
    #expect(small.kept(id: "first", path: path) == nil)
  }

  @Test func aBookNotReadInPartsIsReadWhole() throws {
    let path = put(Array("# Title\n\nA Markdown book. It is short.\n".utf8), "short.md")
    guard case .whole(let document) = try keeper.index(id: "md", path: path) else {
      Issue.record("a Markdown book is read whole")
      return
    }
    #expect(document.format == .markdown)
  }

  @Test func aStoppedIndexingKeepsNothing() throws {
    let path = put(Array(Self.longGutenbergText().utf8), "long.txt")
    #expect(throws: BookError.self) { try keeper.index(id: "stopped", path: path, stop: { true }) }
    #expect(keeper.kept(id: "stopped", path: path) == nil)
    let left = (try? FileManager.default.contentsOfDirectory(atPath: keeper.folder)) ?? []
    #expect(left.isEmpty)
  }

  /// Replay finds a long book the trace left out among the kept books, by its size; one it cannot find is
  /// reported once.
  @Test func replayFindsALeftOutBookAmongTheKeptBooks() throws {
    let path = put(Array(Self.longGutenbergText().utf8), "long.txt")
    let (_, kept) = try index(path)
    let missing = Mutex<[Int]>([])
    let finder = KeptBookFinder.finder(folder: keeper.folder) { characters, _ in missing.withLock { $0.append(characters) } }
    let found = try elided(.bookIndexed(bookID: "book", book: kept.map), through: finder)
    #expect(found == .bookIndexed(bookID: "book", book: kept.map))
    let layout = try #require(finder.layout(of: kept.map))
    #expect(layout.chapters == kept.chapters && layout.pages == kept.pages && layout.paragraphs == kept.paragraphs)
    #expect(layout.chapters.count == 60)
    let unknown = try SentenceMap(sentences: [TextSpan(start: 0, end: 40), TextSpan(start: 41, end: 99)])
    let other = try elided(.bookIndexed(bookID: "b", book: unknown), through: finder)
    let again = try elided(.bookIndexed(bookID: "b", book: unknown), through: finder)
    guard case .bookIndexed(_, let standIn, _, _, _, _) = other else { return }
    #expect(standIn.count == 2 && standIn.endOffset == 99)
    #expect(other == again)
    #expect(missing.withLock { $0 } == [99])
  }

  /// The event as a trace writes it with every book left out, read back through `finder`.
  func elided(_ event: BoxEvent, through finder: LongBookCoding.Finder) throws -> BoxEvent {
    let encoder = JSONEncoder()
    encoder.userInfo[LongBookCoding.characterLimitKey] = 0
    let written = try encoder.encode(event)
    #expect(String(decoding: written, as: UTF8.self).contains("elided"))
    let decoder = JSONDecoder()
    decoder.userInfo[LongBookCoding.finderKey] = finder
    return try decoder.decode(BoxEvent.self, from: written)
  }
}
