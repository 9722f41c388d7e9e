/// A book the box can open from its library: its id (shared with the store) and its title, or why it
/// cannot be opened (listed with the reason, never left out in silence).
public struct LibraryBook: Hashable, Sendable, Codable {
  public var id: String
  public var title: String
  public var problem: String?
  /// The book's language, where it is known: its title is said in it.
  public var language: String?
  /// When the listener last read it (seconds since 1970, as the store kept it); nil for a book never read.
  public var lastRead: Double?

  public init(id: String, title: String, problem: String? = nil, language: String? = nil, lastRead: Double? = nil) {
    self.id = id
    self.title = title
    self.problem = problem
    self.language = language
    self.lastRead = lastRead
  }
}
