import CZlib

/// Builds zip archives for the tests, as EPUB makers do: the first entry stored, the others deflated with zlib.
public struct ZipWriter {
  public init() {}

  private var files: [(name: String, data: [UInt8], deflate: Bool)] = []

  public mutating func add(_ name: String, _ text: String, deflate: Bool = true) {
    files.append((name, Array(text.utf8), deflate))
  }
  public mutating func add(_ name: String, bytes: [UInt8], deflate: Bool = true) { files.append((name, bytes, deflate)) }

  public static func deflated(_ data: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    _ = deflateInit2_(
      &stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: data.count + 1024)
    let written = data.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out -> Int in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = uInt(input.count)
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(out.count)
        _ = deflate(&stream, Z_FINISH)
        return Int(stream.total_out)
      }
    }
    return Array(output.prefix(written))
  }

  public var bytes: [UInt8] {
    var out: [UInt8] = []
    var central: [UInt8] = []
    func u16(_ value: Int, _ into: inout [UInt8]) { into += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func u32(_ value: Int, _ into: inout [UInt8]) {
      for shift in [0, 8, 16, 24] { into.append(UInt8(value >> shift & 0xFF)) }
    }
    for file in files {
      let body = file.deflate ? Self.deflated(file.data) : file.data
      let crc = file.data.withUnsafeBufferPointer { Int(crc32(0, $0.baseAddress, uInt($0.count))) }
      let name = Array(file.name.utf8)
      let offset = out.count
      u32(0x0403_4B50, &out); u16(20, &out); u16(0, &out); u16(file.deflate ? 8 : 0, &out); u16(0, &out); u16(0, &out)
      u32(crc, &out); u32(body.count, &out); u32(file.data.count, &out); u16(name.count, &out); u16(0, &out)
      out += name + body
      u32(0x0201_4B50, &central); u16(20, &central); u16(20, &central); u16(0, &central);
      u16(file.deflate ? 8 : 0, &central)
      u16(0, &central); u16(0, &central); u32(crc, &central); u32(body.count, &central); u32(file.data.count, &central)
      u16(name.count, &central); u16(0, &central); u16(0, &central); u16(0, &central); u16(0, &central);
      u32(0, &central)
      u32(offset, &central)
      central += name
    }
    let centralOffset = out.count
    out += central
    u32(0x0605_4B50, &out); u16(0, &out); u16(0, &out); u16(files.count, &out); u16(files.count, &out)
    u32(central.count, &out); u32(centralOffset, &out); u16(0, &out)
    return out
  }
}
