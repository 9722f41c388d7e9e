/// The books the box can open, and the one chosen in the menu while it is being opened.
public struct LibraryState: Equatable, Sendable, Codable {
  /// The books, by title.
  public var books: [LibraryBook] = []
  /// The book chosen in the menu that is being opened: once it is, its title and chapter are said and
  /// reading starts.
  public var opening: String?

  public init(books: [LibraryBook] = [], opening: String? = nil) {
    self.books = books
    self.opening = opening
  }
}
