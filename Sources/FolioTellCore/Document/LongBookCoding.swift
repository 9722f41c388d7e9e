/// How a trace writes a long book: a trace line is written on the funnel's thread and every trace file
/// begins with the box's whole state, so a 30 MB book written out in full would stall presses and fill the
/// ring (in RAM under systemd) with copies of itself. A book longer than `characterLimit` (set in the
/// encoder's `userInfo`) is written as its size only, `{"elided": {"characters": C, "sentences": S}}`;
/// reading it back asks the `Finder` in the decoder's `userInfo` (replay looks among the kept books), and
/// without one, or when it finds nothing, stands in with S sentences of even length and no text, so the
/// places and sentence numbers in the trace still fall inside the book.
public enum LongBookCoding {
  public static let characterLimitKey = CodingUserInfoKey(rawValue: "foliotell.longBookCharacterLimit")!
  public static let finderKey = CodingUserInfoKey(rawValue: "foliotell.longBookFinder")!

  /// A long book's chapters, pages, notes and paragraphs: the trace leaves them out with its text (a long
  /// book has thousands of pages), and replay takes them from where it finds the book.
  public struct Layout: Equatable, Sendable {
    public var chapters: [ChapterMark]
    public var pages: [PageMark]
    public var notes: [Int]
    public var paragraphs: [Int]

    public init(chapters: [ChapterMark] = [], pages: [PageMark] = [], notes: [Int] = [], paragraphs: [Int] = []) {
      (self.chapters, self.pages, self.notes, self.paragraphs) = (chapters, pages, notes, paragraphs)
    }

    public var isEmpty: Bool { chapters.isEmpty && pages.isEmpty && notes.isEmpty && paragraphs.isEmpty }
  }

  /// A book a trace left out, found again: its sentences and text, and its layout.
  public struct Found: Sendable {
    public var map: SentenceMap
    public var layout: Layout

    public init(map: SentenceMap, layout: Layout = Layout()) {
      (self.map, self.layout) = (map, layout)
    }
  }

  /// Finds the book a trace left out, by its number of characters and of sentences.
  public final class Finder: Sendable {
    let find: @Sendable (_ characters: Int, _ sentences: Int) -> Found?

    public init(_ find: @escaping @Sendable (_ characters: Int, _ sentences: Int) -> Found?) {
      self.find = find
    }

    /// The layout of a book read back from a trace (found, or stood in for).
    public func layout(of book: SentenceMap) -> Layout? { find(book.endOffset, book.count)?.layout }
  }

  /// Whether a trace writes `book` as its size only, given the encoder's limit.
  public static func leavesOut(_ book: SentenceMap, limit: Int) -> Bool { book.endOffset > limit }

  struct Elided: Codable, Equatable {
    var characters: Int
    var sentences: Int
  }

  /// The stand-in for a left-out book nobody found: its size, without its text.
  static func standIn(_ elided: Elided) -> SentenceMap {
    let count = max(elided.sentences, 0)
    let characters = max(elided.characters, count)
    guard count > 0 else { return .empty }
    let spans = (0..<count).map { index in
      TextSpan(start: index * characters / count, end: (index + 1) * characters / count)
    }
    return (try? SentenceMap(sentences: spans)) ?? .empty
  }
}
