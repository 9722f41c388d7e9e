/// One character's picture, already 1-bit, with where it sits on the baseline.
public struct Glyph: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// From the pen position to the glyph's left edge.
  public var left: Int
  /// From the baseline up to the glyph's top row.
  public var top: Int
  /// How far the pen moves on.
  public var advance: Int
  /// Row by row, `width` per row: true is a lit pixel.
  public var bits: [Bool]

  public init(width: Int, height: Int, left: Int, top: Int, advance: Int, bits: [Bool]) {
    self.width = width
    self.height = height
    self.left = left
    self.top = top
    self.advance = advance
    self.bits = bits
  }
}

/// A font at a pixel size, as the views need it.
public protocol Typeface: AnyObject, Sendable {
  /// The glyph for a character; a character no font has gets a visible box, never nothing.
  func glyph(_ scalar: Unicode.Scalar, size: Int) -> Glyph
  /// Pixels above the baseline for capitals and ascenders, and below it for descenders.
  func ascender(size: Int) -> Int
  func descender(size: Int) -> Int
}

extension Typeface {
  public func lineHeight(size: Int) -> Int { ascender(size: size) + descender(size: size) }

  public func width(of text: some Sequence<Unicode.Scalar>, size: Int) -> Int {
    text.reduce(0) { $0 + glyph($1, size: size).advance }
  }
}
