/// A run of a book in one language (a paragraph or more), in a book that mixes languages: from `start`
/// (a scalar offset) to the next passage's start. Its sentences follow its language's rules and it is
/// read with a voice of its language where the box has one.
public struct LanguagePassage: Equatable, Sendable, Codable {
  public var start: Int
  public var language: String
  /// Marked in the book (an element's `lang`), rather than told from the text.
  public var declared: Bool

  public init(start: Int, language: String, declared: Bool = false) {
    self.start = start
    self.language = language
    self.declared = declared
  }
}

extension Array where Element == LanguagePassage {
  /// The language at `offset`: the passage it is in; nil before the first (or without passages).
  public func language(at offset: Int) -> String? { last { $0.start <= offset }?.language }

  /// Where the passage after the one at `offset` starts, if any.
  public func nextStart(after offset: Int) -> Int? { first { $0.start > offset }?.start }
}
