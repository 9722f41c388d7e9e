/// A chapter of the open book: its title and where it starts (Unicode scalars).
public struct ChapterMark: Equatable, Sendable, Codable {
  public var title: String
  public var start: Int

  public init(title: String, start: Int) {
    self.title = title
    self.start = start
  }
}
