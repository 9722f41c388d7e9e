import CZlib

/// The files of a zip archive (an EPUB's container), read with zlib. Stored and deflated entries; no
/// zip64, no encryption. Every size and offset is checked against the archive before it is used.
struct ZipArchive {
  struct Entry {
    var name: String
    var method: UInt16
    var compressedSize: Int
    var size: Int
    var headerOffset: Int
  }

  enum Failure: Error, Equatable {
    case notAZip
    case damaged(String)
  }

  /// Against archives built to exhaust memory (zip bombs): the most a single entry may inflate to, the
  /// most all the entries read from one book may add up to, and the largest compression ratio believed.
  static let maximumEntrySize = 32 << 20
  static let maximumTotalSize = 128 << 20
  static let maximumRatio = 200

  let source: ZipSource
  let entries: [String: Entry]

  init(_ bytes: [UInt8]) throws(Failure) {
    try self.init(source: ZipSource(bytes))
  }

  /// Reads only the archive's directory; each file's bytes are read when it is asked for.
  init(source: ZipSource) throws(Failure) {
    self.source = source
    let size = source.count
    guard size >= 22, Self.u32(source.read(0..<4), 0) == 0x0403_4B50 else { throw .notAZip }
    // The end-of-central-directory record: the last signature within the final 64 KiB + 22 bytes.
    let tailStart = max(0, size - 22 - 65_535)
    let tail = source.read(tailStart..<size)
    guard tail.count == size - tailStart else { throw .damaged("it cannot be read to its end") }
    var end = tail.count - 22
    while end >= 0, Self.u32(tail, end) != 0x0605_4B50 { end -= 1 }
    guard end >= 0 else { throw .damaged("its table of contents (zip central directory) is missing") }
    let count = Int(Self.u16(tail, end + 10))
    let directoryStart = Int(Self.u32(tail, end + 16))
    // The directory, to the end of the file (it is normally the file's last few kilobytes).
    let directory = directoryStart < size ? source.read(directoryStart..<size) : []
    var offset = 0
    var entries: [String: Entry] = [:]
    var unsafe: [String] = []
    for _ in 0..<count {
      guard offset + 46 <= directory.count, Self.u32(directory, offset) == 0x0201_4B50 else {
        throw .damaged("an entry of its zip directory is broken")
      }
      let nameLength = Int(Self.u16(directory, offset + 28))
      let extraLength = Int(Self.u16(directory, offset + 30))
      let commentLength = Int(Self.u16(directory, offset + 32))
      guard offset + 46 + nameLength <= directory.count else { throw .damaged("a file name runs past its end") }
      let name = String(decoding: directory[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
      // An EPUB is never unpacked onto the disk, but a name that climbs out of the archive is a sign of
      // a hostile file: such entries are left out.
      if name.hasPrefix("/") || name.split(separator: "/").contains("..") || name.contains("\\") {
        unsafe.append(name)
        offset += 46 + nameLength + extraLength + commentLength
        continue
      }
      entries[name] = Entry(
        name: name, method: Self.u16(directory, offset + 10), compressedSize: Int(Self.u32(directory, offset + 20)),
        size: Int(Self.u32(directory, offset + 24)), headerOffset: Int(Self.u32(directory, offset + 42)))
      offset += 46 + nameLength + extraLength + commentLength
    }
    self.entries = entries
    self.unsafeNames = unsafe
  }

  /// Entries left out because their names point outside the archive.
  let unsafeNames: [String]

  static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    guard at + 2 <= bytes.count else { return 0 }
    return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    guard at + 4 <= bytes.count else { return 0 }
    return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
  }

  func contains(_ name: String) -> Bool { entries[name] != nil }

  /// Where a stored (uncompressed) file's bytes are in the archive, or nil when it is compressed or broken:
  /// such a file can be read straight from the archive's own file (narration, played by FFmpeg).
  func storedRange(_ name: String) -> Range<Int>? {
    guard let entry = entries[name], entry.method == 0, let start = dataStart(of: entry) else { return nil }
    guard start + entry.compressedSize <= source.count else { return nil }
    return start..<(start + entry.compressedSize)
  }

  /// Where an entry's bytes begin, after its local header; nil when that header is broken.
  private func dataStart(of entry: Entry) -> Int? {
    let header = entry.headerOffset
    guard header >= 0, header + 30 <= source.count else { return nil }
    let local = source.read(header..<(header + 30))
    guard local.count == 30, Self.u32(local, 0) == 0x0403_4B50 else { return nil }
    return header + 30 + Int(Self.u16(local, 26)) + Int(Self.u16(local, 28))
  }

  /// The bytes of one file, inflated and checked against its size.
  func data(_ name: String) throws(Failure) -> [UInt8] {
    guard let entry = entries[name] else { throw .damaged("'\(name)' is missing") }
    guard let start = dataStart(of: entry) else { throw .damaged("the entry for '\(name)' is broken") }
    guard start + entry.compressedSize <= source.count else { throw .damaged("'\(name)' runs past the end of the file") }
    guard entry.size <= Self.maximumEntrySize, entry.size <= max(entry.compressedSize, 1) * Self.maximumRatio else {
      throw .damaged("'\(name)' would inflate to \(entry.size) bytes from \(entry.compressedSize) (a zip bomb?)")
    }
    let compressed = source.read(start..<(start + entry.compressedSize))
    guard compressed.count == entry.compressedSize else { throw .damaged("'\(name)' cannot be read from the file") }
    switch entry.method {
    case 0: return compressed
    case 8: return try inflate(compressed, size: entry.size, name: name)
    default: throw .damaged("'\(name)' is compressed with a method the box does not know (\(entry.method))")
    }
  }

  private func inflate(_ input: [UInt8], size: Int, name: String) throws(Failure) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: max(size, 1))
    var stream = z_stream()
    // Raw deflate (no zlib header): window bits -15.
    guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw .damaged("zlib could not start")
    }
    defer { inflateEnd(&stream) }
    let status = input.withUnsafeBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer -> Int32 in
        stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
        stream.avail_in = uInt(inputBuffer.count)
        stream.next_out = outputBuffer.baseAddress
        stream.avail_out = uInt(outputBuffer.count)
        return CZlib.inflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END, Int(stream.total_out) == size else {
      throw .damaged("'\(name)' does not decompress (zlib status \(status))")
    }
    return Array(output.prefix(size))
  }
}
