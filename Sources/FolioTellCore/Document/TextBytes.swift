/// A book's text as UTF-8 bytes with where every 64th scalar starts: held in memory, or in memory the
/// runtime mapped from a kept index (then the pages the listener never reaches are never read, and a long
/// book costs the process nothing it cannot give back). The core only reads it.
public final class TextBytes: @unchecked Sendable {
  /// Valid UTF-8.
  public let utf8: UnsafeBufferPointer<UInt8>
  /// The byte offset of scalar 64·k, for every k.
  public let marks: UnsafeBufferPointer<UInt32>
  /// Scalars in the text.
  public let count: Int
  private let release: () -> Void

  public static let stride = 64

  /// Bytes and marks someone else owns (a mapped file): `release` lets them go when the last book using
  /// them is gone. The bytes must be valid UTF-8 and the marks those `marks(of:)` gives.
  public init(
    utf8: UnsafeBufferPointer<UInt8>, marks: UnsafeBufferPointer<UInt32>, count: Int,
    release: @escaping () -> Void
  ) {
    self.utf8 = utf8
    self.marks = marks
    self.count = count
    self.release = release
  }

  /// A copy of a string's bytes, with its marks.
  public convenience init(_ string: String) {
    var string = string
    let bytes = string.withUTF8 { source in
      let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(source.count, 1))
      _ = copy.initialize(from: source)
      return UnsafeBufferPointer(rebasing: copy[0..<source.count])
    }
    let (marks, count) = Self.marks(of: bytes)
    let owned = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(marks.count, 1))
    _ = owned.initialize(from: marks)
    let base = UnsafeMutableRawPointer(mutating: bytes.baseAddress)
    let marksBase = owned.baseAddress
    self.init(
      utf8: bytes, marks: UnsafeBufferPointer(rebasing: owned[0..<marks.count]), count: count,
      release: {
        base?.deallocate()
        marksBase?.deallocate()
      })
  }

  deinit { release() }

  /// Where every 64th scalar of valid UTF-8 starts, and how many scalars it has.
  public static func marks(of utf8: UnsafeBufferPointer<UInt8>) -> (marks: [UInt32], count: Int) {
    var marks: [UInt32] = []
    marks.reserveCapacity(utf8.count / stride + 1)
    var count = 0
    for (offset, byte) in utf8.enumerated() where byte & 0xC0 != 0x80 {
      if count % stride == 0 { marks.append(UInt32(offset)) }
      count += 1
    }
    return (marks, count)
  }
}
