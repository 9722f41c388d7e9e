/// Each view is a pure function of what to show: the same screen always draws the same frame.
public struct Views: Sendable {
  public let width: Int
  public let height: Int
  public let typeface: any Typeface
  public let sizes: TextSizes

  public init(width: Int = 128, height: Int = 64, typeface: any Typeface, sizes: TextSizes = TextSizes()) {
    self.width = width
    self.height = height
    self.typeface = typeface
    self.sizes = sizes
  }

  public func render(_ screen: Screen) -> Frame {
    switch screen {
    case .reading(let sentence, let word, let step): return reading(sentence, word: word, sizeStep: step)
    case .bigWord(let word): return bigWord(word)
    case .menu(let title, let items, let selected): return menu(title: title, items: items, selected: selected)
    case .status(let status): return self.status(status)
    case .message(let title, let text): return message(title: title, text: text)
    case .blank: return Frame(width: width, height: height)
    }
  }

  /// The sentence wrapped to the width, a page of lines at a time: the page holding the spoken word, which
  /// is drawn inverse. Pages turn as the word moves on, so the text stands still while it is read.
  func reading(_ sentence: String, word: Range<Int>?, sizeStep: Int = 0) -> Frame {
    var frame = Frame(width: width, height: height)
    let size = fittingReadingSize(sizeStep)
    let layout = TextLayout(sentence.unicodeScalars, size: size, width: width - 2, typeface: typeface)
    let lineHeight = typeface.lineHeight(size: size)
    let visible = max(1, height / lineHeight)
    let first = readingPage(layout, word: word) * visible
    // Lines share the spare rows so the text sits in the middle of the screen.
    let top = (height - min(visible, layout.lines.count - first) * lineHeight) / 2
    for (row, line) in layout.lines[first..<min(layout.lines.count, first + visible)].enumerated() {
      let lineTop = top + row * lineHeight
      let baseline = lineTop + typeface.ascender(size: size)
      for placed in line {
        frame.draw(layout.scalars[placed.range], x: 1 + placed.x, baseline: baseline, size: size, typeface: typeface)
        if let word, placed.range.overlaps(word) {
          frame.invert(x: placed.x, y: lineTop, width: placed.width + 2, height: lineHeight)
        }
      }
    }
    return frame
  }

  /// Which page of the sentence's lines holds the word (0 for the first screenful).
  public func readingPage(_ sentence: String, word: Range<Int>?, sizeStep: Int = 0) -> Int {
    readingPage(
      TextLayout(sentence.unicodeScalars, size: fittingReadingSize(sizeStep), width: width - 2, typeface: typeface),
      word: word)
  }

  func readingPage(_ layout: TextLayout, word: Range<Int>?) -> Int {
    let visible = max(1, height / typeface.lineHeight(size: layout.size))
    return (word.flatMap { layout.line(containing: $0.lowerBound) } ?? 0) / visible
  }

  /// The reading size, smaller only when not one line of it fits the display.
  func fittingReadingSize(_ step: Int = 0) -> Int {
    var size = min(max(sizes.reading + step, TextSizes.range.lowerBound), TextSizes.range.upperBound)
    while size > TextSizes.range.lowerBound, typeface.lineHeight(size: size) > height { size -= 1 }
    return size
  }

  /// The spoken word alone, centred, at the largest size that fits (on two lines or more only when even
  /// the smallest size is too wide for one).
  func bigWord(_ word: String) -> Frame {
    var frame = Frame(width: width, height: height)
    let scalars = Array(word.unicodeScalars)
    let size = largestSize(for: scalars, maximum: sizes.largest, width: width - 2, height: height)
    drawCentred(scalars, size: size, in: 0..<height, into: &frame)
    return frame
  }

  /// Rows from `top` to `bottom`, empty (never inverted) when there is no room.
  func rows(_ top: Int, _ bottom: Int) -> Range<Int> { max(0, top)..<max(max(0, top), min(height, bottom)) }

  /// The menu's title small at the top (when the panel is tall enough), the selected item as large as
  /// fits, its position at the bottom.
  func menu(title: String, items: [String], selected: Int) -> Frame {
    var frame = Frame(width: width, height: height)
    let small = sizes.small
    let smallHeight = typeface.lineHeight(size: small)
    var top = 0
    if height >= 3 * smallHeight + 4 {
      drawCentred(Array(title.unicodeScalars), size: small, in: rows(0, smallHeight), into: &frame, singleLine: true)
      frame.fill(x: 0, y: smallHeight, width: width, height: 1)
      top = smallHeight + 2
    }
    guard !items.isEmpty else {
      drawCentred(Array("(empty)".unicodeScalars), size: small, in: rows(top, height), into: &frame)
      return frame
    }
    let index = min(max(selected, 0), items.count - 1)
    let position = Array("\(index + 1) of \(items.count)".unicodeScalars)
    let middle = rows(top, height - smallHeight)
    let item = Array(items[index].unicodeScalars)
    let size = largestSize(for: item, maximum: min(sizes.largest, 32), width: width - 2, height: middle.count)
    drawCentred(item, size: size, in: middle, into: &frame)
    drawCentred(position, size: small, in: rows(height - smallHeight, height), into: &frame, singleLine: true)
    return frame
  }

  /// The book's title, how far in (in figures and a bar), the rate, and the sleep timer when one is set.
  /// A short panel (128x32) leaves out the title, then the sleep timer, to keep the figures large.
  func status(_ status: Status) -> Frame {
    var frame = Frame(width: width, height: height)
    let small = sizes.small
    let smallHeight = typeface.lineHeight(size: small)
    // The playback state and rate on one line, the sleep timer (when set) on its own below.
    let rateChoices = [
      "\(status.playback) · \(status.wpm) wpm", "\(status.playback) \(status.wpm) wpm", "\(status.wpm) wpm",
    ]
    var facts = [rateChoices.first { typeface.width(of: $0.unicodeScalars, size: small) <= width } ?? rateChoices.last!]
    let bar = 6
    // A 64-row panel has room for all; a 32-row one for the figures and one line of facts.
    let isTall = height >= 3 * smallHeight + bar
    let hasRoomForTitle = isTall
    if let minutes = status.sleepMinutes, isTall {
      facts.append("sleep in \(minutes) min")
    }
    var top = 0
    if let title = status.title, hasRoomForTitle {
      drawCentred(Array(title.unicodeScalars), size: small, in: rows(0, smallHeight), into: &frame, singleLine: true)
      top = smallHeight
    }
    let factsTop = max(top, height - facts.count * smallHeight)
    // The bar only where the figures keep at least 10 rows above it (not on a 32-row panel).
    let hasRoomForBar = factsTop - bar - 1 - top >= 10 && isTall
    let barTop = hasRoomForBar ? factsTop - bar : factsTop
    let percent = Array("\(min(max(status.percent, 0), 100))%".unicodeScalars)
    let figures = rows(top, hasRoomForBar ? barTop - 1 : barTop)
    let size = largestSize(for: percent, maximum: min(sizes.largest, 32), width: width, height: figures.count)
    drawCentred(percent, size: size, in: figures, into: &frame, singleLine: true)
    if hasRoomForBar {
      // The bar: an outline, filled as far as the reader has come.
      frame.fill(x: 2, y: barTop, width: width - 4, height: 5)
      frame.fill(x: 3, y: barTop + 1, width: width - 6, height: 3, on: false)
      frame.fill(x: 3, y: barTop + 1, width: (width - 6) * min(max(status.percent, 0), 100) / 100, height: 3)
    }
    for (index, line) in facts.enumerated() {
      let lineTop = factsTop + index * smallHeight
      drawCentred(
        Array(line.unicodeScalars), size: small, in: rows(lineTop, lineTop + smallHeight), into: &frame,
        singleLine: true)
    }
    return frame
  }

  /// A title on an inverse bar, and the message as large as fits below it.
  func message(title: String, text: String) -> Frame {
    var frame = Frame(width: width, height: height)
    let small = sizes.small
    let smallHeight = typeface.lineHeight(size: small)
    drawCentred(Array(title.unicodeScalars), size: small, in: rows(0, smallHeight), into: &frame, singleLine: true)
    frame.invert(x: 0, y: 0, width: width, height: smallHeight)
    let body = Array(text.unicodeScalars)
    let size = largestSize(
      for: body, maximum: min(sizes.largest, 24), width: width - 2, height: height - smallHeight - 1)
    drawCentred(body, size: size, in: rows(smallHeight + 1, height), into: &frame)
    return frame
  }

  /// The largest size from `maximum` down to 12 at which the text, wrapped, fits the box.
  func largestSize(for text: [Unicode.Scalar], maximum: Int, width: Int, height: Int) -> Int {
    var size = maximum
    while size > TextSizes.range.lowerBound {
      let layout = TextLayout(text, size: size, width: width, typeface: typeface)
      let wordsWhole = layout.lines.flatMap { $0 }.count == TextLayout.words(text).count
      if layout.lines.count * typeface.lineHeight(size: size) <= height, wordsWhole { return size }
      size -= 1
    }
    return size
  }

  /// One line that fits the width: cut and ended with "…" when it is too long.
  func shortened(_ text: [Unicode.Scalar], size: Int) -> [Unicode.Scalar] {
    guard typeface.width(of: text, size: size) > width else { return text }
    var kept = text
    while !kept.isEmpty, typeface.width(of: kept + ["…"], size: size) > width { kept.removeLast() }
    while kept.last.map({ $0.properties.isWhitespace }) == true { kept.removeLast() }
    return kept + ["…"]
  }

  /// Text wrapped and centred, each line on its own, in the rows given (cut off at the bottom if it must).
  func drawCentred(
    _ text: [Unicode.Scalar], size: Int, in rows: Range<Int>, into frame: inout Frame, singleLine: Bool = false
  ) {
    let lineHeight = typeface.lineHeight(size: size)
    let text = singleLine ? shortened(text, size: size) : text
    var lines = TextLayout(text, size: size, width: singleLine ? Int.max / 4 : width - 2, typeface: typeface).lines
    if singleLine { lines = Array(lines.prefix(1)) }
    let shown = min(lines.count, max(1, rows.count / lineHeight))
    var lineTop = rows.lowerBound + max(0, (rows.count - shown * lineHeight) / 2)
    for line in lines.prefix(shown) {
      let lineWidth = (line.last.map { $0.x + $0.width }) ?? 0
      let left = max(0, (width - lineWidth) / 2)
      for placed in line {
        frame.draw(
          text[placed.range], x: left + placed.x, baseline: lineTop + typeface.ascender(size: size), size: size,
          typeface: typeface)
      }
      lineTop += lineHeight
    }
  }
}
