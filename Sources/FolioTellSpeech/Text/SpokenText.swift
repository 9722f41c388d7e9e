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
/// Every spoken scalar remembers the book offset it came from: its own, or the start of the whole stretch a
/// substitution replaced. So every word espeak-ng reports inside "twelve dollars" is at "$12" in the book
/// (and highlights it whole, see `WordSpans`), and a saved place is always a book offset.
public struct SpokenText: Sendable {
  public let scalars: [Unicode.Scalar]
  private let originStart: [Int32]
  public let bookLength: Int

  /// `book` is the text from book offset `base` on; `substitutions` are in offsets relative to it,
  /// sorted and not overlapping (ones that overlap are skipped).
  public init(book: [Unicode.Scalar], base: Int = 0, substitutions: [Substitution]) {
    var scalars: [Unicode.Scalar] = []
    var starts: [Int32] = []
    scalars.reserveCapacity(book.count)
    starts.reserveCapacity(book.count)
    var position = 0
    for substitution in substitutions
    where substitution.original.start >= position && substitution.original.end <= book.count
      && substitution.original.length > 0
    {
      while position < substitution.original.start {
        scalars.append(book[position])
        starts.append(Int32(base + position))
        position += 1
      }
      for scalar in substitution.spoken.unicodeScalars {
        scalars.append(scalar)
        starts.append(Int32(base + substitution.original.start))
      }
      position = substitution.original.end
    }
    while position < book.count {
      scalars.append(book[position])
      starts.append(Int32(base + position))
      position += 1
    }
    self.scalars = scalars
    originStart = starts
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

  /// The book offset a spoken scalar came from (the start of the stretch a substitution replaced); where
  /// the words around it begin and end is `WordSpans`'s to say, from the book's own text.
  public func bookOffset(ofSpokenIndex index: Int) -> Int? {
    guard index >= 0, index < scalars.count else { return nil }
    return Int(originStart[index])
  }

  public func string(_ range: Range<Int>) -> String {
    String(String.UnicodeScalarView(scalars[range]))
  }
}
