import CZlib

/// How records sit in a segment file:
///
///     offset  size  field
///     0       4     magic "FTLG"
///     4       4     payload length, little-endian (at most 65,536)
///     8       8     sequence number, little-endian, one more than the record before
///     16      4     CRC-32 of the payload
///     20      4     CRC-32 of bytes 0..<20, so a damaged length is caught before it is trusted
///     24      n     payload (see StoreRecord.encoded)
///
/// The magic and the header's own CRC let a reader find the next good record after a damaged one.
enum Framing {
  static let magic: [UInt8] = Array("FTLG".utf8)
  static let headerSize = 24
  static let maximumPayload = 65_536

  static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(crc32(0, buffer.baseAddress, uInt(buffer.count)))
    }
  }

  static func frame(_ record: StoreRecord, sequence: UInt64) -> [UInt8] {
    let payload = record.encoded()
    var header = ByteWriter()
    header.bytes = magic
    header.u32(UInt32(payload.count))
    header.u64(sequence)
    header.u32(crc(payload[...]))
    header.u32(crc(header.bytes[...]))
    return header.bytes + payload
  }

  struct Found {
    var offset: Int
    var length: Int
    var sequence: UInt64
    /// nil: a record of a kind this version does not know, skipped.
    var record: StoreRecord?
  }

  /// The record starting at `offset`, if a whole and undamaged one does.
  static func record(in bytes: [UInt8], at offset: Int) -> Found? {
    guard offset + headerSize <= bytes.count, bytes[offset..<(offset + 4)].elementsEqual(magic) else { return nil }
    var header = ByteReader(bytes[(offset + 4)..<(offset + headerSize)])
    guard let length = try? Int(header.u32()), let sequence = try? header.u64(),
      let payloadCRC = try? header.u32(), let headerCRC = try? header.u32(),
      headerCRC == crc(bytes[offset..<(offset + 20)]), length <= maximumPayload,
      offset + headerSize + length <= bytes.count
    else { return nil }
    let payload = bytes[(offset + headerSize)..<(offset + headerSize + length)]
    guard crc(payload) == payloadCRC else { return nil }
    let decoded: StoreRecord?
    do {
      decoded = try StoreRecord.decode(payload)
    } catch {
      return nil
    }
    return Found(offset: offset, length: headerSize + length, sequence: sequence, record: decoded)
  }

  struct Scan {
    var records: [Found] = []
    /// Stretches that held no good record but were followed by one: damage inside the file.
    var damaged: [Range<Int>] = []
    /// Where the bytes stop making records up to the end of the file: a torn write, or nil when the file ends cleanly.
    var tornTail: Int?
    /// The end of the last good record.
    var validEnd = 0
  }

  static func scan(_ bytes: [UInt8]) -> Scan {
    var scan = Scan()
    var offset = 0
    while offset < bytes.count {
      if let found = record(in: bytes, at: offset) {
        scan.records.append(found)
        offset += found.length
        scan.validEnd = offset
        continue
      }
      // Look for the next good record; without one, everything from here is a torn tail.
      var next = offset + 1
      var resumed: Int?
      while next + headerSize <= bytes.count {
        if bytes[next] == magic[0], record(in: bytes, at: next) != nil {
          resumed = next
          break
        }
        next += 1
      }
      guard let resumed else {
        scan.tornTail = offset
        break
      }
      scan.damaged.append(offset..<resumed)
      offset = resumed
    }
    return scan
  }
}
