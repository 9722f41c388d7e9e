import CI2C
import FolioTellSystem
import Glibc

/// Why the display could not be reached, with what to check.
public struct I2CError: Error, CustomStringConvertible, Equatable {
  public var description: String
  /// The errno, when the kernel gave one (EIO, ENXIO, EREMOTEIO for a NACK, ENODEV when unplugged).
  public var code: Int32

  public init(description: String, code: Int32 = 0) {
    self.description = description
    self.code = code
  }
}

/// Where the panel's bytes go: SMBus "I2C block" writes of a control byte and up to 32 bytes.
public protocol I2CTransport: AnyObject {
  func write(control: UInt8, _ bytes: ArraySlice<UInt8>) throws(I2CError)
}

extension I2CTransport {
  /// Sends a stream in block writes of at most 32 bytes, the limit of SMBus block transfers (and of the
  /// kernel's i2c-stub), which every I2C adapter supports. Returns the bytes put on the bus, counting
  /// each write's address and control byte.
  @discardableResult
  public func send(control: UInt8, _ bytes: [UInt8]) throws(I2CError) -> Int {
    var sent = 0
    var start = 0
    while start < bytes.count {
      let end = min(start + 32, bytes.count)
      try write(control: control, bytes[start..<end])
      sent += 2 + (end - start)
      start = end
    }
    return sent
  }
}

/// The kernel's I2C bus through libi2c. Its descriptor is owned by a `FileDescriptor`, closed with it.
public final class LinuxI2CBus: I2CTransport {
  private let descriptor: FileDescriptor
  let bus: String
  let address: Int

  var fd: Int32 { descriptor.raw }

  public init(bus: String, address: Int) throws(I2CError) {
    self.bus = bus
    self.address = address
    do {
      descriptor = try FileDescriptor("open") { open(bus, O_RDWR | O_CLOEXEC) }
    } catch {
      let code = error.code
      let why =
        code == ENOENT
        ? "there is no such I2C bus; enable I2C (dtparam=i2c_arm=on on a Raspberry Pi) and check `ls /dev/i2c-*`"
        : code == EACCES
          ? "permission denied: run as root or add the user to the 'i2c' group" : String(cString: strerror(code))
      throw I2CError(description: "display on \(bus): \(why)", code: code)
    }
    guard folio_i2c_set_address(descriptor.raw, Int32(address)) == 0 else {
      let code = errno
      throw I2CError(
        description:
          "display on \(bus) at 0x\(String(address, radix: 16)): cannot address it (\(String(cString: strerror(code)))); is a kernel driver bound to it?",
        code: code)
    }
  }

  public func write(control: UInt8, _ bytes: ArraySlice<UInt8>) throws(I2CError) {
    let result =
      bytes.withContiguousStorageIfAvailable { buffer in
        i2c_smbus_write_i2c_block_data(fd, control, UInt8(buffer.count), buffer.baseAddress)
      }
      ?? Array(bytes).withUnsafeBufferPointer {
        i2c_smbus_write_i2c_block_data(fd, control, UInt8($0.count), $0.baseAddress)
      }
    guard result >= 0 else {
      let code = errno
      let why: String
      switch code {
      case ENXIO, EREMOTEIO:
        why = "no answer (NACK): check the wiring (SDA, SCL, 3.3 V, ground) and the address (i2cdetect -y 1)"
      case ENODEV: why = "the bus is gone"
      case EIO: why = "input/output error on the bus"
      default: why = String(cString: strerror(code))
      }
      throw I2CError(description: "display on \(bus) at 0x\(String(address, radix: 16)): \(why)", code: code)
    }
  }
}
