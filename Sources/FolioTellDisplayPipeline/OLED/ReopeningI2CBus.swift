/// The display's bus, opened when first needed and opened again after it fails: a display plugged in
/// after the box started, or unplugged and back, is found without a restart.
public final class ReopeningI2CBus: I2CTransport {
  let bus: String
  let address: Int
  private var open: LinuxI2CBus?

  public init(bus: String, address: Int) {
    self.bus = bus
    self.address = address
  }

  public func write(control: UInt8, _ bytes: ArraySlice<UInt8>) throws(I2CError) {
    if open == nil { open = try LinuxI2CBus(bus: bus, address: address) }
    do {
      try open!.write(control: control, bytes)
    } catch {
      open = nil
      throw error
    }
  }
}
