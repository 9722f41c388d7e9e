import FolioTellViews

/// What an SSD1306 or SH1106 module shows, rebuilt from the bytes sent to it, with the same page and
/// column addressing the driver uses (`PanelCommands`): the boot test turns the kernel's log of the bus
/// into frames with it, to see what a reader would have seen on the glass.
public struct PanelMemory: Equatable, Sendable {
  public let config: PanelConfig
  /// The controller's RAM, page by page (SH1106: 132 columns; SSD1306: 128).
  public private(set) var ram: [[UInt8]]
  public private(set) var page = 0
  public private(set) var column = 0
  public private(set) var isOn = false
  public private(set) var brightness: UInt8 = 0x7F
  public private(set) var inverse = false
  /// Command bytes still owed to a command that takes arguments.
  private var argumentsLeft = 0

  public init(config: PanelConfig) {
    self.config = config
    ram = Array(repeating: Array(repeating: 0, count: config.width + 2 * config.columnOffset), count: 8)
  }

  /// One block write: a control byte (0x00 commands, 0x40 data) and what followed it.
  public mutating func apply(control: UInt8, _ bytes: [UInt8]) {
    if control & 0x40 != 0 {
      for byte in bytes { writeData(byte) }
    } else {
      for byte in bytes { command(byte) }
    }
  }

  /// The glass: the RAM's columns the module shows, as a frame.
  public var frame: Frame {
    var frame = Frame(width: config.width, height: config.height)
    for page in 0..<(config.height / 8) {
      for x in 0..<config.width {
        frame.setColumnByte(page: page, x: x, ram[page][x + config.columnOffset])
      }
    }
    return frame
  }

  private mutating func writeData(_ byte: UInt8) {
    let width = ram[page].count
    ram[page][column % width] = byte
    // Page addressing: the column moves on and wraps within the page (both datasheets).
    column = (column + 1) % width
  }

  private mutating func command(_ byte: UInt8) {
    if argumentsLeft > 0 {
      argumentsLeft -= 1
      if lastCommand == 0x81 { brightness = byte }
      return
    }
    lastCommand = byte
    switch byte {
    case 0x00...0x0F: column = (column & 0xF0) | Int(byte & 0x0F)
    case 0x10...0x1F: column = (column & 0x0F) | (Int(byte & 0x0F) << 4)
    case 0xB0...0xB7: page = Int(byte & 0x07)
    case 0xAE: isOn = false
    case 0xAF: isOn = true
    case 0xA6: inverse = false
    case 0xA7: inverse = true
    // Commands with one argument byte (clock, multiplex, offset, charge pump, addressing mode, COM pins,
    // contrast, pre-charge, VCOM, DC-DC).
    case 0xD5, 0xA8, 0xD3, 0x8D, 0x20, 0xDA, 0x81, 0xD9, 0xDB, 0xAD: argumentsLeft = 1
    // Column and page ranges (SSD1306's horizontal mode): two arguments.
    case 0x21, 0x22: argumentsLeft = 2
    default: break  // start line, remaps, scan direction, scrolling off, RAM shown: no effect on the RAM
    }
  }

  private var lastCommand: UInt8 = 0
}
