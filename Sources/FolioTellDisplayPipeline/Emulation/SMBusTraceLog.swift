/// The kernel's `smbus_write` trace events (tracefs, `events/smbus/smbus_write`), read back into block
/// writes. A line looks like
/// `foliotell-412 [000] ..... 31.250113: smbus_write: i2c-0 a=03c f=0000 c=40 I2C_BLOCK_DATA l=33 [20-00-ff-...]`,
/// where the data begins with the block's length.
public enum SMBusTraceLog {
  public struct Write: Equatable, Sendable {
    /// Seconds since boot, the trace's clock.
    public var time: Double
    public var bus: Int
    public var address: Int
    public var control: UInt8
    public var bytes: [UInt8]

    public init(time: Double, bus: Int, address: Int, control: UInt8, bytes: [UInt8]) {
      self.time = time
      self.bus = bus
      self.address = address
      self.control = control
      self.bytes = bytes
    }
  }

  /// Every block write to `address` (all addresses when nil), in order; other lines are skipped.
  public static func writes(in text: String, address: Int? = nil) -> [Write] {
    var result: [Write] = []
    for line in text.split(separator: "\n") {
      guard let event = line.firstRange(of: ": smbus_write: ") else { continue }
      let before = line[..<event.lowerBound]
      let time = before.split(separator: " ").last.flatMap { Double($0) } ?? 0
      let fields = line[event.upperBound...].split(separator: " ")
      guard fields.count >= 6, fields[0].hasPrefix("i2c-"), let bus = Int(fields[0].dropFirst(4)),
        fields[1].hasPrefix("a="), let target = Int(fields[1].dropFirst(2), radix: 16),
        fields[3].hasPrefix("c="), let control = UInt8(fields[3].dropFirst(2), radix: 16),
        fields[4].hasSuffix("BLOCK_DATA")
      else { continue }
      if let address, address != target { continue }
      guard let open = line.lastIndex(of: "["), let close = line.lastIndex(of: "]"), open < close else { continue }
      let hex = line[line.index(after: open)..<close]
      var bytes = hex.isEmpty ? [] : hex.split(separator: "-").compactMap { UInt8($0, radix: 16) }
      // A block's data begins with its length, as the kernel holds it (l counts that byte too).
      if let count = bytes.first, Int(count) == bytes.count - 1 { bytes.removeFirst() }
      result.append(Write(time: time, bus: bus, address: target, control: control, bytes: bytes))
    }
    return result
  }
}
