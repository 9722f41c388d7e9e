/// A word placed on a line: which characters of the text, where it starts, how wide it is.
public struct PlacedWord: Equatable, Sendable {
  public var range: Range<Int>
  public var x: Int
  public var width: Int
}

/// Text cut into lines that fit a width, at spaces; a word wider than the whole width is cut between
/// characters (a long URL, a German compound at a large size).
public struct TextLayout: Sendable {
  public let scalars: [Unicode.Scalar]
  public let size: Int
  public let lines: [[PlacedWord]]

  public init(_ text: some Sequence<Unicode.Scalar>, size: Int, width: Int, typeface: any Typeface) {
    let scalars = Array(text)
    self.scalars = scalars
    self.size = size
    let space = typeface.glyph(" ", size: size).advance
    var lines: [[PlacedWord]] = []
    var line: [PlacedWord] = []
    var pen = 0
    func place(_ range: Range<Int>, _ wordWidth: Int) {
      if !line.isEmpty, pen + space + wordWidth > width {
        lines.append(line)
        line = []
        pen = 0
      }
      let x = line.isEmpty ? 0 : pen + space
      line.append(PlacedWord(range: range, x: x, width: wordWidth))
      pen = x + wordWidth
    }
    for word in Self.words(scalars) {
      let wordWidth = typeface.width(of: scalars[word], size: size)
      if wordWidth <= width {
        place(word, wordWidth)
        continue
      }
      // Too wide for any line: as many characters as fit, line after line.
      var start = word.lowerBound
      while start < word.upperBound {
        var end = start
        var pieceWidth = 0
        while end < word.upperBound {
          let advance = typeface.glyph(scalars[end], size: size).advance
          if end > start, pieceWidth + advance > width { break }
          pieceWidth += advance
          end += 1
        }
        place(start..<end, pieceWidth)
        start = end
      }
    }
    if !line.isEmpty { lines.append(line) }
    self.lines = lines
  }

  /// Runs of characters between white space.
  public static func words(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start: Int?
    for (index, scalar) in scalars.enumerated() {
      if scalar.properties.isWhitespace {
        if let begun = start { result.append(begun..<index) }
        start = nil
      } else if start == nil {
        start = index
      }
    }
    if let begun = start { result.append(begun..<scalars.count) }
    return result
  }

  /// The line holding the character at `offset`.
  public func line(containing offset: Int) -> Int? {
    lines.firstIndex { $0.contains { $0.range.contains(offset) } }
  }

  /// The width of the widest line.
  public var width: Int { lines.map { ($0.last.map { $0.x + $0.width }) ?? 0 }.max() ?? 0 }
}

extension Frame {
  /// Draws a glyph with its pen at `x` and its baseline at `baseline`.
  public mutating func draw(_ glyph: Glyph, x: Int, baseline: Int) {
    let left = x + glyph.left
    let top = baseline - glyph.top
    for row in 0..<glyph.height {
      for column in 0..<glyph.width where glyph.bits[row * glyph.width + column] {
        self[left + column, top + row] = true
      }
    }
  }

  /// Draws text on one line from `x`; returns where the pen ends.
  @discardableResult
  public mutating func draw(
    _ text: some Sequence<Unicode.Scalar>, x: Int, baseline: Int, size: Int, typeface: any Typeface
  ) -> Int {
    var pen = x
    for scalar in text {
      let glyph = typeface.glyph(scalar, size: size)
      draw(glyph, x: pen, baseline: baseline)
      pen += glyph.advance
    }
    return pen
  }
}
