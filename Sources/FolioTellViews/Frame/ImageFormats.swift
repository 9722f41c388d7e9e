import CZlib

/// Frames as files people can look at: PBM (plain, for golden images a diff can read) and PNG.
public enum ImageFormats {
  /// Plain PBM ("P1"): a header, then one row of 0 and 1 per line (1 is a lit pixel, shown black).
  public static func pbm(_ frame: Frame) -> String {
    var text = "P1\n\(frame.width) \(frame.height)\n"
    for y in 0..<frame.height {
      text += String((0..<frame.width).map { frame[$0, y] ? "1" : "0" }) + "\n"
    }
    return text
  }

  public struct PBMError: Error, CustomStringConvertible, Equatable {
    public var description: String
  }

  /// Reads a plain PBM written by `pbm` (or any P1 file whose height is whole pages).
  public static func frame(fromPBM text: String) throws(PBMError) -> Frame {
    // A comment runs from # to the end of its line.
    let uncommented = text.split(separator: "\n").map { $0.prefix { $0 != "#" } }.joined(separator: " ")
    var tokens = uncommented.split(whereSeparator: { $0.isWhitespace })[...]
    guard tokens.popFirst() == "P1", let width = tokens.popFirst().flatMap({ Int($0) }),
      let height = tokens.popFirst().flatMap({ Int($0) }), width > 0, height > 0, height % 8 == 0
    else { throw PBMError(description: "not a plain PBM (P1) picture of whole 8-row pages") }
    let digits = tokens.joined().compactMap { $0 == "1" ? true : $0 == "0" ? false : nil }
    guard digits.count == width * height else {
      throw PBMError(description: "the picture has \(digits.count) pixels; \(width)x\(height) needs \(width * height)")
    }
    var frame = Frame(width: width, height: height)
    for (index, lit) in digits.enumerated() where lit { frame[index % width, index / width] = true }
    return frame
  }

  /// A PNG of the frame as the display shows it (lit pixels white on black), each pixel `scale` times
  /// larger so a README picture is easy to see; `lit` is the colour of lit pixels (an OLED is often
  /// white, blue or yellow).
  public static func png(_ frame: Frame, scale: Int = 4, lit: (UInt8, UInt8, UInt8) = (0xFF, 0xFF, 0xFF)) -> [UInt8] {
    let width = frame.width * scale
    let height = frame.height * scale
    var raw: [UInt8] = []
    raw.reserveCapacity((width * 3 + 1) * height)
    for y in 0..<height {
      raw.append(0)  // filter: none
      for x in 0..<width {
        if frame[x / scale, y / scale] { raw += [lit.0, lit.1, lit.2] } else { raw += [0, 0, 0] }
      }
    }
    var header: [UInt8] = []
    header += bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", deflate(raw))
      + chunk("IEND", [])
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc)
  }

  static func deflate(_ data: [UInt8]) -> [UInt8] {
    var size = compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = data.withUnsafeBufferPointer { input in
      compress2(&output, &size, input.baseAddress, uLong(input.count), 9)
    }
    precondition(status == Z_OK, "zlib cannot compress a frame: \(status)")
    return Array(output[0..<Int(size)])
  }

  /// The frame in a terminal: each character cell shows two rows with Unicode half blocks.
  public static func terminal(_ frame: Frame) -> [String] {
    stride(from: 0, to: frame.height, by: 2).map { y in
      String(
        (0..<frame.width).map { x -> Character in
          switch (frame[x, y], frame[x, y + 1]) {
          case (true, true): return "█"
          case (true, false): return "▀"
          case (false, true): return "▄"
          case (false, false): return " "
          }
        })
    }
  }
}
