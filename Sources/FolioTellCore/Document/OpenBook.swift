/// The open book feature's state: which book it is and how it is laid out (its text is playback's).
/// Opening a book replaces it whole (`OpenedBook`); a book opened from its beginning gets its layout whole
/// once it is indexed (`IndexedBook`).
public struct OpenBook: Equatable, Sendable, Codable {
  /// The id the store keeps the book's place, settings and bookmarks under.
  public var id: String?
  /// The title, as shown and said.
  public var title: String?
  /// The file the book came from, kept so the box reopens it after a restart.
  public var path: String?
  /// The chapters, in reading order.
  public var chapters: [ChapterMark] = []
  /// The print edition's pages, in reading order.
  public var pages: [PageMark] = []
  /// Where the text refers to a note (skipped or not).
  public var notes: [Int] = []
  /// Where the paragraphs start, in reading order.
  public var paragraphs: [Int] = []
  /// The book's language (declared or detected), for the voices offered first.
  public var language: String?

  public init(
    id: String? = nil, title: String? = nil, path: String? = nil, chapters: [ChapterMark] = [],
    pages: [PageMark] = [], notes: [Int] = [], paragraphs: [Int] = [], language: String? = nil
  ) {
    self.id = id
    self.title = title
    self.path = path
    self.chapters = chapters
    self.pages = pages
    self.notes = notes
    self.paragraphs = paragraphs
    self.language = language
  }
}
