/// A book's id: a hash of its content, so a renamed or moved file keeps its place.
public enum BookIdentity {
  /// 64-bit FNV-1a over the bytes, as 16 lowercase hex digits.
  public static func id(forContent bytes: [UInt8]) -> String {
    var hasher = Hasher()
    bytes.withUnsafeBufferPointer { hasher.add($0) }
    return hasher.id
  }

  /// The same id from content given a piece at a time (a long file read in blocks).
  public struct Hasher {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
    }

    public var id: String {
      let hex = String(hash, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }
  }
}
