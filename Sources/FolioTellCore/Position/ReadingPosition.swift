/// A place in a book: the offset of a word and the sentence it is in.
public struct ReadingPosition: Equatable, Hashable, Sendable, Codable {
  public var offset: Int
  public var sentence: Int

  public init(offset: Int, sentence: Int) {
    self.offset = offset
    self.sentence = sentence
  }
}
