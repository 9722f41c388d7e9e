/// A 1-bit picture the size of the display, stored the way SSD1306 and SH1106 take it: the screen is cut
/// into pages of 8 rows, and each byte is one column of a page, its lowest bit the top row.
public struct Frame: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var bytes: [UInt8]

  public init(width: Int, height: Int) {
    precondition(width > 0 && height > 0 && height % 8 == 0, "displays are whole pages of 8 rows")
    self.width = width
    self.height = height
    bytes = [UInt8](repeating: 0, count: width * height / 8)
  }

  public var pages: Int { height / 8 }

  public subscript(x: Int, y: Int) -> Bool {
    get {
      guard x >= 0, x < width, y >= 0, y < height else { return false }
      return bytes[(y / 8) * width + x] & (1 << UInt8(y % 8)) != 0
    }
    set {
      guard x >= 0, x < width, y >= 0, y < height else { return }
      let index = (y / 8) * width + x
      if newValue { bytes[index] |= 1 << UInt8(y % 8) } else { bytes[index] &= ~(1 << UInt8(y % 8)) }
    }
  }

  /// Sets one column of one page (8 rows, the lowest bit on top), as the controller's RAM holds it.
  public mutating func setColumnByte(page: Int, x: Int, _ byte: UInt8) {
    guard page >= 0, page < pages, x >= 0, x < width else { return }
    bytes[page * width + x] = byte
  }

  /// The bytes of one page (8 rows), left to right.
  public func page(_ number: Int) -> ArraySlice<UInt8> { bytes[(number * width)..<((number + 1) * width)] }

  public mutating func fill(x: Int, y: Int, width boxWidth: Int, height boxHeight: Int, on: Bool = true) {
    for row in max(0, y)..<min(height, y + boxHeight) {
      for column in max(0, x)..<min(width, x + boxWidth) { self[column, row] = on }
    }
  }

  public mutating func invert(x: Int, y: Int, width boxWidth: Int, height boxHeight: Int) {
    for row in max(0, y)..<min(height, y + boxHeight) {
      for column in max(0, x)..<min(width, x + boxWidth) { self[column, row].toggle() }
    }
  }

  /// Lit pixels.
  public var litCount: Int { bytes.reduce(0) { $0 + $1.nonzeroBitCount } }
}
