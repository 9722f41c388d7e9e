/// Which OLED module, on which bus, set up how.
public struct PanelConfig: Equatable, Sendable {
  public enum Controller: String, Equatable, Sendable {
    /// 0.96" modules: 128x64 or 128x32, RAM as wide as the glass.
    case ssd1306
    /// 1.3" modules: 128x64 shown from a 132-column RAM (the glass starts at column 2).
    case sh1106
  }

  public var controller: Controller
  public var width = 128
  public var height: Int
  /// The I2C bus device, `/dev/i2c-1` on a Raspberry Pi.
  public var bus: String
  /// 0x3C, or 0x3D with the module's address jumper moved.
  public var address: Int
  /// Mounted upside down.
  public var rotated180: Bool
  /// Dark text on a lit screen.
  public var inverse: Bool

  public init(
    controller: Controller = .ssd1306, height: Int = 64, bus: String = "/dev/i2c-1", address: Int = 0x3C,
    rotated180: Bool = false, inverse: Bool = false
  ) {
    self.controller = controller
    self.height = height
    self.bus = bus
    self.address = address
    self.rotated180 = rotated180
    self.inverse = inverse
  }

  /// The RAM column the glass's first column is at.
  public var columnOffset: Int { controller == .sh1106 ? 2 : 0 }
}

/// The controllers' command bytes (from the SSD1306 and SH1106 datasheets). Both are set up for page
/// addressing, which they share: a page (8 rows) is chosen, then a start column, then data fills it.
public enum PanelCommands {
  /// Co = 0, D/C# = 0: the bytes that follow are commands. Co = 0, D/C# = 1: display data.
  public static let commandStream: UInt8 = 0x00
  public static let dataStream: UInt8 = 0x40

  public static func initialization(_ config: PanelConfig, brightness: UInt8) -> [UInt8] {
    let multiplex = UInt8(config.height - 1)
    // COM pins: alternative layout for 64 rows, sequential for 32 (SSD1306 datasheet, 10.1.18).
    let comPins: UInt8 = config.height == 32 ? 0x02 : 0x12
    let segmentRemap: UInt8 = config.rotated180 ? 0xA0 : 0xA1
    let comScan: UInt8 = config.rotated180 ? 0xC0 : 0xC8
    let inverse: UInt8 = config.inverse ? 0xA7 : 0xA6
    switch config.controller {
    case .ssd1306:
      return [
        0xAE,  // display off while it is set up
        0xD5, 0x80,  // clock divide ratio and oscillator frequency: the reset value
        0xA8, multiplex,
        0xD3, 0x00,  // no display offset
        0x40,  // start line 0
        0x8D, 0x14,  // charge pump on (modules run from 3.3 V without an external VCC)
        0x20, 0x02,  // page addressing mode
        segmentRemap, comScan,
        0xDA, comPins,
        0x81, brightness,
        0xD9, 0xF1,  // pre-charge: 15 clocks phase 2, 1 clock phase 1 (internal charge pump)
        0xDB, 0x40,  // VCOMH deselect level
        0x2E,  // no scrolling
        0xA4,  // show the RAM
        inverse,
        0xAF,  // display on
      ]
    case .sh1106:
      return [
        0xAE,
        0xD5, 0x80,
        0xA8, multiplex,
        0xD3, 0x00,
        0x40,
        0xAD, 0x8B,  // DC-DC converter on
        0x32,  // pump voltage 8.0 V
        segmentRemap, comScan,
        0xDA, comPins,
        0x81, brightness,
        0xD9, 0x22,  // pre-charge: the reset value
        0xDB, 0x35,  // VCOM deselect level: the reset value
        0xA4,
        inverse,
        0xAF,
      ]
    }
  }

  /// Point at `page`, from RAM column `column`.
  public static func address(page: Int, column: Int) -> [UInt8] {
    [0xB0 | UInt8(page & 0x0F), UInt8(column & 0x0F), 0x10 | UInt8((column >> 4) & 0x0F)]
  }

  public static func brightness(_ value: UInt8) -> [UInt8] { [0x81, value] }
  public static func display(on: Bool) -> [UInt8] { [on ? 0xAF : 0xAE] }
}
