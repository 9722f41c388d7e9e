/// The books the box can open, and the one chosen in the menu while it is being opened.
public struct LibraryState: Equatable, Sendable, Codable {
  /// How many recently read books head the Books page.
  public static let recentCount = 3

  /// The books as the Books page lists them: the recently read first (the latest first), then all the
  /// others by title.
  public var books: [LibraryBook] = []
  /// The book chosen in the menu that is being opened: once it is, its title and chapter are said and
  /// reading starts.
  public var opening: String?
  /// The recently read books' ids, the latest first: from when each was last read (kept by the store), and
  /// the books opened since power-on.
  public var recent: [String] = []

  public init(books: [LibraryBook] = [], opening: String? = nil) {
    self.books = books
    self.opening = opening
  }

  /// A new list from the library: the open book first, then the books opened since power-on, then those
  /// the store says were read most lately; and the page put in order.
  mutating func take(_ entries: [LibraryBook], open: String?) {
    let known = Set(entries.map(\.id))
    let byLastRead = entries.filter { $0.lastRead != nil }.sorted { $0.lastRead! > $1.lastRead! }.map(\.id)
    var merged: [String] = []
    for id in (open.map { [$0] } ?? []) + recent + byLastRead where known.contains(id) && !merged.contains(id) {
      merged.append(id)
    }
    recent = Array(merged.prefix(Self.recentCount))
    books = Self.arranged(entries, recent: recent)
  }

  /// A book was opened: it is the latest read.
  mutating func opened(_ id: String) {
    guard books.contains(where: { $0.id == id }) else { return }
    recent = Array(([id] + recent.filter { $0 != id }).prefix(Self.recentCount))
    books = Self.arranged(books, recent: recent)
  }

  /// The recently read, latest first, then every other book by title (then by id), then those that cannot
  /// be opened.
  static func arranged(_ entries: [LibraryBook], recent: [String]) -> [LibraryBook] {
    let first = recent.compactMap { id in entries.first { $0.id == id } }
    func byTitle(_ books: [LibraryBook]) -> [LibraryBook] {
      books.map { (key: sortKey($0.title), book: $0) }.sorted {
        $0.key != $1.key ? $0.key < $1.key : $0.book.id < $1.book.id
      }.map(\.book)
    }
    let others = entries.filter { !recent.contains($0.id) }
    // A book that cannot be opened is listed after the others, with why.
    return first + byTitle(others.filter { $0.problem == nil }) + byTitle(others.filter { $0.problem != nil })
  }

  /// A title as it is sorted: in small letters, from its first letter or digit (a quote or a dash before
  /// it does not take the book away from its letter).
  static func sortKey(_ title: String) -> String {
    String(title.lowercased().drop { !($0.isLetter || $0.isNumber) })
  }

  /// Where the titles in order by letter begin on the page (after the recently read).
  var alphabeticalStart: Int { books.prefix(while: { recent.contains($0.id) }).count }

  /// The letter a title is found under: its first letter or digit, in capitals; "#" for a title of neither.
  public static func letter(of title: String) -> String {
    guard let first = title.first(where: { $0.isLetter || $0.isNumber }) else { return "#" }
    return first.uppercased()
  }

  /// The item a pushed-in turn of the knob goes to: the first book of the next (or previous) letter, each
  /// detent a letter; the recently read count as one group before the letters. Nil when it goes nowhere.
  func letterJump(from selected: Int, steps: Int) -> Int? {
    guard !books.isEmpty, steps != 0 else { return nil }
    let start = alphabeticalStart
    func group(_ index: Int) -> String { index < start ? "" : Self.letter(of: books[index].title) }
    // Where each group begins, in page order.
    var starts: [Int] = []
    for index in books.indices where index == 0 || group(index) != group(index - 1) { starts.append(index) }
    let current = starts.lastIndex { $0 <= min(selected, books.count - 1) } ?? 0
    // Turned back from inside a letter, the first detent goes to that letter's first book.
    let inside = steps < 0 && starts[current] != selected
    let target = min(max(current + steps + (inside ? 1 : 0), 0), starts.count - 1)
    guard starts[target] != selected else { return nil }
    return starts[target]
  }
}
