import FolioTellCore
import FoundationEssentials
import Glibc

/// A book as the box indexed it, kept in the data directory so that opening it again costs nothing: its
/// text, sentences and layout, valid while the book's file keeps its size and modification time. The text
/// is mapped from the file, not read: a long book's pages are read from the card only where it is read.
///
/// One file, `<book id>.book`: the line `foliotell kept book 1`, the length and JSON of `KeptBook.Facts`,
/// then 32-bit little-endian arrays (sentence starts and ends, paragraph starts, note offsets, the text's
/// scalar marks), then the text's UTF-8 bytes.
public struct KeptBook: Sendable {
  public var id: String
  public var facts: Facts
  /// The book's text (mapped) and sentences, with its language passages.
  public var map: SentenceMap
  public var paragraphs: [Int]
  public var notes: [Int]

  public var chapters: [ChapterMark] { facts.chapters.map { ChapterMark(title: $0.title, start: $0.start, level: $0.level) } }
  public var pages: [PageMark] { facts.pages.map { PageMark(label: $0.label, start: $0.start) } }

  /// What the arrays do not hold: the book's file as it was indexed, its metadata and layout.
  public struct Facts: Codable, Equatable, Sendable {
    public var path: String
    public var size: Int
    public var modified: Double
    public var format: String
    public var title: String?
    public var author: String?
    public var language: String?
    public var chapters: [Chapter]
    public var pages: [Page]
    public var passages: [LanguagePassage]
    public var problems: [String]
    public var sentences: Int
    public var paragraphs: Int
    public var notes: Int
    public var marks: Int
    public var scalars: Int
    public var textBytes: Int

    public struct Chapter: Codable, Equatable, Sendable {
      public var title: String
      public var start: Int
      public var level: Int
    }

    public struct Page: Codable, Equatable, Sendable {
      public var label: String
      public var start: Int
    }
  }

  static let magic = Array("foliotell kept book 1\n".utf8)

  /// The kept book at `file`, mapped; nil when there is none, or it is of another version, or damaged (it
  /// is then indexed again, never trusted).
  public static func read(_ file: String) -> KeptBook? {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > magic.count + 4 else { return nil }
    let length = Int(status.st_size)
    guard let mapping = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED else { return nil }
    let bytes = UnsafeRawBufferPointer(start: mapping, count: length)
    let unmap = { _ = munmap(mapping, length) }
    guard let book = parse(bytes, release: unmap) else {
      unmap()
      return nil
    }
    return book
  }

  private static func parse(_ bytes: UnsafeRawBufferPointer, release: @escaping () -> Void) -> KeptBook? {
    guard bytes.prefix(magic.count).elementsEqual(magic) else { return nil }
    var at = magic.count
    let metaLength = Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
    at += 4
    guard metaLength > 0, at + metaLength <= bytes.count,
      let facts = try? JSONDecoder().decode(Facts.self, from: Data(bytes[at..<at + metaLength]))
    else { return nil }
    at = aligned(at + metaLength)
    let words = facts.sentences * 2 + facts.paragraphs + facts.notes + facts.marks
    guard facts.marks == (facts.scalars + TextBytes.stride - 1) / TextBytes.stride,
      at + words * 4 + facts.textBytes == bytes.count
    else { return nil }
    let integers = UnsafeBufferPointer(
      start: (bytes.baseAddress! + at).assumingMemoryBound(to: UInt32.self), count: words)
    var next = 0
    func take(_ count: Int) -> [Int] {
      defer { next += count }
      return integers[next..<next + count].map { Int(UInt32(littleEndian: $0)) }
    }
    // Straight from the mapping: an array of the bounds first would add a second copy of them.
    let sentences = (0..<facts.sentences).map {
      TextSpan(start: Int(UInt32(littleEndian: integers[2 * $0])), end: Int(UInt32(littleEndian: integers[2 * $0 + 1])))
    }
    next = facts.sentences * 2
    let paragraphs = take(facts.paragraphs)
    let notes = take(facts.notes)
    // The marks and the text stay in the mapping (little-endian, as every board the box runs on is).
    let marks = UnsafeBufferPointer(rebasing: integers[next..<next + facts.marks])
    let textStart = at + words * 4
    let utf8 = UnsafeBufferPointer(
      start: (bytes.baseAddress! + textStart).assumingMemoryBound(to: UInt8.self), count: facts.textBytes)
    var end = 0
    for sentence in sentences {
      guard sentence.start >= end, sentence.end >= sentence.start, sentence.end <= facts.scalars else { return nil }
      end = sentence.end
    }
    // The marks are not read through here: a damaged one is bounded where it is used (`BookText`), and
    // a long book's marks stay on the card until they are needed.
    guard !sentences.isEmpty else { return nil }
    // From here the mapping belongs to the text: it is let go with the last book that uses it.
    let text = BookText(TextBytes(utf8: utf8, marks: marks, count: facts.scalars, release: release))
    var map = (try? SentenceMap(sentences: sentences, bookText: text)) ?? .empty
    map.passages = facts.passages
    return KeptBook(id: "", facts: facts, map: map, paragraphs: paragraphs, notes: notes)
  }

  static func aligned(_ offset: Int) -> Int { (offset + 3) & ~3 }
}
