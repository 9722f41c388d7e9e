import FolioTellCore

/// A stretch of the book read differently: `original` (book offsets) is spoken as `spoken`.
public struct Substitution: Equatable, Sendable {
  public var original: TextSpan
  public var spoken: String

  public init(original: TextSpan, spoken: String) {
    self.original = original
    self.spoken = spoken
  }
}

/// The text espeak-ng is given, and the way back from its offsets to the book's.
///
/// Every spoken scalar remembers the book span it came from: itself, or the whole stretch a substitution
/// replaced. So a word espeak-ng reports inside "twelve dollars" highlights "$12" in the book, and a
/// saved place is always a book offset.
public struct SpokenText: Sendable {
  public let scalars: [Unicode.Scalar]
  private let originStart: [Int32]
  private let originEnd: [Int32]
  public let bookLength: Int

  /// `book` is the text from book offset `base` on; `substitutions` are in offsets relative to it,
  /// sorted and not overlapping (ones that overlap are skipped).
  public init(book: [Unicode.Scalar], base: Int = 0, substitutions: [Substitution]) {
    var scalars: [Unicode.Scalar] = []
    var starts: [Int32] = []
    var ends: [Int32] = []
    scalars.reserveCapacity(book.count)
    starts.reserveCapacity(book.count)
    ends.reserveCapacity(book.count)
    var position = 0
    for substitution in substitutions
    where substitution.original.start >= position && substitution.original.end <= book.count
      && substitution.original.length > 0
    {
      while position < substitution.original.start {
        scalars.append(book[position])
        starts.append(Int32(base + position))
        ends.append(Int32(base + position + 1))
        position += 1
      }
      for scalar in substitution.spoken.unicodeScalars {
        scalars.append(scalar)
        starts.append(Int32(base + substitution.original.start))
        ends.append(Int32(base + substitution.original.end))
      }
      position = substitution.original.end
    }
    while position < book.count {
      scalars.append(book[position])
      starts.append(Int32(base + position))
      ends.append(Int32(base + position + 1))
      position += 1
    }
    self.scalars = scalars
    originStart = starts
    originEnd = ends
    bookLength = base + book.count
  }

  /// The first spoken scalar at or after a book offset.
  public func spokenIndex(forBookOffset offset: Int) -> Int {
    var low = 0
    var high = originStart.count
    while low < high {
      let middle = (low + high) / 2
      if Int(originStart[middle]) < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The book span of the spoken word that starts at `index`: the word runs to the next white space.
  public func bookSpan(ofWordAt index: Int) -> TextSpan? {
    guard index >= 0, index < scalars.count else { return nil }
    var end = index
    while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
    guard end > index else { return nil }
    return TextSpan(start: Int(originStart[index]), end: Int(originEnd[end - 1]))
  }

  public func string(_ range: Range<Int>) -> String {
    String(String.UnicodeScalarView(scalars[range]))
  }
}
