/// A half-open range of character offsets into a book's text, counted in Unicode scalars.
public struct TextSpan: Equatable, Hashable, Sendable, Codable {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }

  public var length: Int { end - start }

  public func contains(_ offset: Int) -> Bool { start <= offset && offset < end }
}
