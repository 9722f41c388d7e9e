/// A bus that keeps every block write, for tests and the benchmark, and can be told to fail like an
/// unplugged display (the I2C twin of the paced virtual sound card). It keeps the same contract as the
/// real bus: at most 32 bytes a write.
public final class RecordingI2CBus: I2CTransport, @unchecked Sendable {
  public struct Write: Equatable, Sendable {
    public var control: UInt8
    public var bytes: [UInt8]
  }

  public private(set) var writes: [Write] = []
  /// While set, every write fails with this errno (EREMOTEIO: a NACK, as from an unplugged module).
  public var failing: Int32?

  public init() {}

  public func write(control: UInt8, _ bytes: ArraySlice<UInt8>) throws(I2CError) {
    precondition(bytes.count <= 32, "an SMBus block write carries at most 32 bytes")
    if let code = failing { throw I2CError(description: "display on the test bus: no answer (NACK)", code: code) }
    writes.append(Write(control: control, bytes: Array(bytes)))
  }

  public func clear() { writes = [] }

  /// All command bytes, in order, and all data bytes, in order.
  public var commands: [UInt8] { writes.filter { $0.control == PanelCommands.commandStream }.flatMap(\.bytes) }
  public var data: [UInt8] { writes.filter { $0.control == PanelCommands.dataStream }.flatMap(\.bytes) }
}
