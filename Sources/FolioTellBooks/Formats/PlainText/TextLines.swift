/// The lines of a UTF-8 buffer as byte ranges, without their endings (\n, \r\n or \r: Windows files end
/// lines with \r\n, old Mac files with \r alone). No line is copied.
struct TextLines: Sequence, IteratorProtocol {
  let bytes: UnsafeBufferPointer<UInt8>
  private var position: Int
  private let end: Int
  private var finished = false

  init(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) {
    self.bytes = bytes
    self.position = range.lowerBound
    self.end = range.upperBound
    self.finished = range.isEmpty
  }

  /// The next line, and where the one after it starts.
  mutating func next() -> (line: Range<Int>, next: Int)? {
    guard !finished else { return nil }
    var index = position
    while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
    let line = position..<index
    if index == end {
      finished = true
      return (line, end)
    }
    index += bytes[index] == 0x0D && index + 1 < end && bytes[index + 1] == 0x0A ? 2 : 1
    position = index
    // A final line ending closes the last line; it does not open an empty one.
    if index == end { finished = true }
    return (line, index)
  }

  /// The line as text (for the few lines whose words matter: headers, markers, headings).
  func string(_ line: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[line]), as: UTF8.self)
  }

  /// The line without spaces and tabs at either end; empty when the line is blank.
  func trimmed(_ line: Range<Int>) -> Range<Int> {
    var lower = line.lowerBound
    var upper = line.upperBound
    while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
    while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
    return lower..<upper
  }
}
