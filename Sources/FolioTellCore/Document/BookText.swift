/// A book's text, addressed by Unicode scalar offsets (the unit of every offset in the box) without
/// holding it as 4-byte scalars: its UTF-8 bytes, plus where every 64th scalar starts (`TextBytes`). A 3 MB
/// book costs 3 MB and 0.2 MB of marks, instead of 12 MB; a kept book's bytes are mapped, not read.
public struct BookText: Equatable, Sendable {
  public let bytes: TextBytes

  public static let empty = BookText("")

  public init(_ string: String) { bytes = TextBytes(string) }

  public init(_ bytes: TextBytes) { self.bytes = bytes }

  /// Scalars in the text.
  public var count: Int { bytes.count }

  /// The whole text as a string (a copy: for a trace, not for reading).
  public var string: String { String(decoding: bytes.utf8, as: UTF8.self) }

  /// The same scalars (not canonical equivalence, which `String ==` is: offsets differ between composed
  /// and decomposed text).
  /// The same book held twice (a state and its copy) is the same storage: equal at once, not scalar by
  /// scalar, so comparing states costs nothing per press however long the book.
  public static func == (left: BookText, right: BookText) -> Bool {
    if left.bytes === right.bytes { return true }
    guard left.count == right.count, left.bytes.utf8.count == right.bytes.utf8.count else { return false }
    return left.bytes.utf8.elementsEqual(right.bytes.utf8)
  }

  public var isEmpty: Bool { count == 0 }

  /// The byte offset of the scalar at `offset` (the byte count for `count`).
  public func byteOffset(at offset: Int) -> Int {
    precondition(offset >= 0 && offset <= count, "offset \(offset) is outside the text (\(count) characters)")
    if offset == count { return bytes.utf8.count }
    let end = bytes.utf8.count
    var byte = min(Int(bytes.marks[offset / TextBytes.stride]), end)
    // Bounded by the bytes, so even a damaged kept file cannot read past them.
    for _ in 0..<(offset % TextBytes.stride) where byte < end {
      byte += Self.length(ofScalarStartingWith: bytes.utf8[byte])
    }
    return min(byte, end)
  }

  public subscript(offset: Int) -> Unicode.Scalar {
    var iterator = Scalars(bytes: bytes, range: byteOffset(at: offset)..<bytes.utf8.count).makeIterator()
    return iterator.next() ?? "\u{FFFD}"
  }

  /// The scalars of a range, decoded from the bytes as they are read.
  public subscript(range: Range<Int>) -> Scalars {
    Scalars(bytes: bytes, range: byteOffset(at: range.lowerBound)..<byteOffset(at: range.upperBound))
  }

  /// The text of a range.
  public func text(_ range: Range<Int>) -> String {
    let bytes = byteOffset(at: range.lowerBound)..<byteOffset(at: range.upperBound)
    return String(decoding: UnsafeBufferPointer(rebasing: self.bytes.utf8[bytes]), as: UTF8.self)
  }

  /// Whether `other` begins with every scalar of this text: a book read in part, then whole.
  public func isPrefix(of other: BookText) -> Bool {
    guard count <= other.count, bytes.utf8.count <= other.bytes.utf8.count else { return false }
    return bytes.utf8.elementsEqual(UnsafeBufferPointer(rebasing: other.bytes.utf8[0..<bytes.utf8.count]))
  }

  static func length(ofScalarStartingWith byte: UInt8) -> Int {
    byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
  }

  /// Scalars of valid UTF-8 bytes, decoded one by one.
  public struct Scalars: Sequence, Sendable {
    let bytes: TextBytes
    let range: Range<Int>

    public var isEmpty: Bool { range.isEmpty }

    public func makeIterator() -> Iterator { Iterator(bytes: bytes, at: range.lowerBound, end: range.upperBound) }

    public struct Iterator: IteratorProtocol {
      let bytes: TextBytes
      var at: Int
      let end: Int

      public mutating func next() -> Unicode.Scalar? {
        guard at < end else { return nil }
        let utf8 = bytes.utf8
        let lead = UInt32(utf8[at])
        let length = BookText.length(ofScalarStartingWith: utf8[at])
        var value: UInt32
        switch length {
        case 1: value = lead
        case 2: value = lead & 0x1F
        case 3: value = lead & 0x0F
        default: value = lead & 0x07
        }
        for index in 1..<Swift.max(length, 1) where at + index < end { value = value << 6 | UInt32(utf8[at + index] & 0x3F) }
        at += length
        return Unicode.Scalar(value) ?? "\u{FFFD}"
      }
    }
  }
}

extension BookText {
  /// Ranges longer than this have their words estimated from samples (`estimatedWordCount`).
  static let countedWhole = 1 << 17
  static let samples = 8
  static let sampleLength = 1 << 13

  /// The words in a range, counted in it when it is short; for a long one (the rest of a long book) from
  /// eight samples spread over it, so telling the time left reads a few pages of a mapped book, not all.
  public func estimatedWordCount(_ range: Range<Int>) -> Int {
    guard range.count > Self.countedWhole else { return wordCount(range) }
    let step = range.count / Self.samples
    var sampled = 0
    for index in 0..<Self.samples {
      let start = range.lowerBound + index * step
      sampled += wordCount(start..<start + Self.sampleLength)
    }
    return sampled * range.count / (Self.samples * Self.sampleLength)
  }

  /// The words (runs of letters and digits) that start in a range; without the text, none.
  public func wordCount(_ range: Range<Int>) -> Int {
    guard !isEmpty, range.lowerBound < count else { return 0 }
    let clamped = range.lowerBound..<min(range.upperBound, count)
    var words = 0
    var inWord = false
    for scalar in self[clamped] {
      let isWordScalar = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
      if isWordScalar, !inWord { words += 1 }
      inWord = isWordScalar
    }
    return words
  }
}
