/// A chapter of the open book: its title, where it starts (Unicode scalars) and its level in the book's
/// contents (1 for a part or chapter, 2 for a section of it, down to 6: a DAISY book's `h1` to `h6`).
public struct ChapterMark: Equatable, Sendable, Codable {
  public var title: String
  public var start: Int
  public var level: Int

  public init(title: String, start: Int, level: Int = 1) {
    self.title = title
    self.start = start
    self.level = min(max(level, 1), 6)
  }

  enum CodingKeys: String, CodingKey { case title, start, level }

  /// Chapters recorded before they had levels are all of level 1.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      title: try container.decode(String.self, forKey: .title), start: try container.decode(Int.self, forKey: .start),
      level: try container.decodeIfPresent(Int.self, forKey: .level) ?? 1)
  }
}
