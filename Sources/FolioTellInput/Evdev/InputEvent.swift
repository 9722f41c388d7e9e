/// One `struct input_event` from an evdev device: on 64-bit Linux 24 bytes (seconds and microseconds of
/// the kernel's timestamp as two 64-bit numbers, then type, code and value), on 32-bit 16.
public struct InputEvent: Equatable, Sendable {
  public var time: Double
  public var type: UInt16
  public var code: UInt16
  public var value: Int32

  public static let synchronize: UInt16 = 0
  public static let key: UInt16 = 1
  public static let relative: UInt16 = 2
  public static let absolute: UInt16 = 3

  public init(time: Double, type: UInt16, code: UInt16, value: Int32) {
    self.time = time
    self.type = type
    self.code = code
    self.value = value
  }

  /// The size of one event on this machine.
  public static let size = MemoryLayout<Int>.size == 8 ? 24 : 16

  /// The bytes of this event as the kernel writes them (little-endian, this machine's word size): for
  /// recordings and tests.
  public var bytes: [UInt8] { bytes(size: Self.size) }

  /// The bytes in the layout of a machine whose events are `size` bytes (24 on 64-bit, 16 on 32-bit).
  public func bytes(size: Int) -> [UInt8] {
    let word = size == 24 ? 8 : 4
    let seconds = Int64(time.rounded(.down))
    let microseconds = Int64(((time - Double(seconds)) * 1_000_000).rounded())
    func little(_ value: Int64, _ count: Int) -> [UInt8] {
      (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    return little(seconds, word) + little(microseconds, word) + little(Int64(type), 2) + little(Int64(code), 2)
      + little(Int64(value), 4)
  }
}

/// Cuts a byte stream into events; a read that ends inside an event keeps the part for the next read.
public struct InputEventParser: Sendable {
  private var pending: [UInt8] = []
  /// 24 bytes an event on 64-bit machines, 16 on 32-bit ones (a Raspberry Pi OS armhf).
  public let size: Int

  public init(size: Int = InputEvent.size) {
    precondition(size == 24 || size == 16, "struct input_event is 24 or 16 bytes")
    self.size = size
  }

  public mutating func feed(_ bytes: some Collection<UInt8>) -> [InputEvent] {
    pending.append(contentsOf: bytes)
    let size = self.size
    let word = size == 24 ? 8 : 4
    var events: [InputEvent] = []
    var offset = 0
    pending.withUnsafeBytes { raw in
      while raw.count - offset >= size {
        func integer(_ at: Int, _ count: Int) -> Int64 {
          var value: UInt64 = 0
          for index in (0..<count).reversed() { value = value << 8 | UInt64(raw[offset + at + index]) }
          // Sign-extend from `count` bytes.
          let shift = UInt64(64 - 8 * count)
          return Int64(bitPattern: value << shift) >> Int64(shift)
        }
        let seconds = integer(0, word)
        let microseconds = integer(word, word)
        events.append(
          InputEvent(
            time: Double(seconds) + Double(microseconds) / 1_000_000,
            type: UInt16(truncatingIfNeeded: integer(2 * word, 2)),
            code: UInt16(truncatingIfNeeded: integer(2 * word + 2, 2)),
            value: Int32(truncatingIfNeeded: integer(2 * word + 4, 4))))
        offset += size
      }
    }
    pending.removeFirst(offset)
    return events
  }
}
