/// One pass over bytes that should be UTF-8: whether they are, and whether they hold combining marks
/// (only then is composing to NFC worth its cost on a long book).
struct UTF8Check {
  var isValid = true
  var hasCombiningMarks = false

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var value: UInt32
      switch lead {
      case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
      case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
      case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
      default:
        isValid = false
        return
      }
      guard index + length <= count else {
        isValid = false
        return
      }
      for next in 1..<length {
        let byte = bytes[index + next]
        guard byte & 0xC0 == 0x80 else {
          isValid = false
          return
        }
        value = value << 6 | UInt32(byte & 0x3F)
      }
      // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
      let smallest: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x1_0000 : 0x80
      guard value >= smallest, value <= 0x10_FFFF, !(0xD800...0xDFFF).contains(value) else {
        isValid = false
        return
      }
      if !hasCombiningMarks, Self.mayCombine(value), let scalar = Unicode.Scalar(value),
        scalar.properties.canonicalCombiningClass != .notReordered
      {
        hasCombiningMarks = true
      }
      index += length
    }
  }

  /// Latin letters and most of Cyrillic never combine: skipping the property lookup for them keeps the
  /// check cheap on European books.
  @inline(__always)
  static func mayCombine(_ value: UInt32) -> Bool {
    if value < 0x300 { return false }
    if (0x370...0x482).contains(value) || (0x48A...0x52F).contains(value) { return false }
    return true
  }
}
