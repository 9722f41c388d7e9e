import FolioTellViews
import Glibc
import Testing

@testable import FolioTellDisplayPipeline

@Suite struct OLEDPanelTests {
  func panel(_ config: PanelConfig) -> (OLEDPanel, RecordingI2CBus) {
    let bus = RecordingI2CBus()
    return (OLEDPanel(config: config, transport: bus), bus)
  }

  /// The SSD1306 datasheet's "software initialization" flow (application note, 128x64, charge pump on),
  /// in page addressing mode.
  @Test func theSSD1306IsSetUpAsItsDatasheetSays() throws {
    let (oled, bus) = panel(PanelConfig(controller: .ssd1306))
    try oled.show(Frame(width: 128, height: 64), power: .on(brightness: 0xCF))
    let setup: [UInt8] = [
      0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x02, 0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xCF,
      0xD9, 0xF1, 0xDB, 0x40, 0x2E, 0xA4, 0xA6, 0xAF,
    ]
    #expect(Array(bus.commands.prefix(setup.count)) == setup)
    // Then every page from column 0: B0+page, low and high column nibbles, and 128 bytes of data.
    let addressing = Array(bus.commands.dropFirst(setup.count))
    #expect(addressing == (0..<8).flatMap { [0xB0 | UInt8($0), 0x00, 0x10] })
    #expect(bus.data.count == 128 * 8)
    #expect(bus.writes.allSatisfy { $0.bytes.count <= 32 })
  }

  @Test func a128x32ModuleUsesItsMultiplexAndCOMPins() throws {
    let (oled, bus) = panel(PanelConfig(controller: .ssd1306, height: 32))
    try oled.show(Frame(width: 128, height: 32), power: .on(brightness: 0x80))
    let commands = bus.commands
    #expect(commands[3...4] == [0xA8, 0x1F])
    #expect(commands[14...15] == [0xDA, 0x02])
    #expect(bus.data.count == 128 * 4)
  }

  /// The SH1106 datasheet's power-on set-up (its DC-DC converter instead of a charge pump, no addressing
  /// modes but pages), and its 132-column RAM with the glass from column 2.
  @Test func theSH1106IsSetUpAsItsDatasheetSaysAndStartsAtColumnTwo() throws {
    let (oled, bus) = panel(PanelConfig(controller: .sh1106))
    try oled.show(Frame(width: 128, height: 64), power: .on(brightness: 0x80))
    let setup: [UInt8] = [
      0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0xAD, 0x8B, 0x32, 0xA1, 0xC8, 0xDA, 0x12, 0x81, 0x80, 0xD9,
      0x22, 0xDB, 0x35, 0xA4, 0xA6, 0xAF,
    ]
    #expect(Array(bus.commands.prefix(setup.count)) == setup)
    #expect(Array(bus.commands.dropFirst(setup.count)) == (0..<8).flatMap { [0xB0 | UInt8($0), 0x02, 0x10] })
    #expect(bus.data.count == 128 * 8)
  }

  @Test func rotationAndInverseChangeTheirCommands() {
    let upsideDown = PanelCommands.initialization(PanelConfig(rotated180: true, inverse: true), brightness: 1)
    #expect(upsideDown.contains(0xA0) && upsideDown.contains(0xC0) && upsideDown.contains(0xA7))
    #expect(!upsideDown.contains(0xA1) && !upsideDown.contains(0xC8))
  }

  @Test func onlyTheChangedColumnsOfChangedPagesAreSent() throws {
    let (oled, bus) = panel(PanelConfig())
    var frame = Frame(width: 128, height: 64)
    try oled.show(frame, power: .on(brightness: 0xCF))
    bus.clear()
    // A word highlight moving: a box in page 2 and 3, columns 40 to 59.
    frame.fill(x: 40, y: 20, width: 20, height: 10)
    let sent = try oled.show(frame, power: .on(brightness: 0xCF))
    let column40: [UInt8] = [0x08, 0x12]  // 40 = 0x28: low nibble 8, high nibble 2
    #expect(bus.commands == [0xB2] + column40 + [0xB3] + column40)
    #expect(bus.data.count == 40)
    #expect(sent == bus.writes.map { $0.bytes.count + 2 }.reduce(0, +))
    bus.clear()
    try oled.show(frame, power: .on(brightness: 0xCF))
    #expect(bus.writes.isEmpty)
  }

  @Test func dimmingAndSwitchingOffSendOnlyTheirCommands() throws {
    let (oled, bus) = panel(PanelConfig())
    let frame = Frame(width: 128, height: 64)
    try oled.show(frame, power: .on(brightness: 0xCF))
    bus.clear()
    try oled.show(frame, power: .on(brightness: 0x20))
    #expect(bus.commands == [0x81, 0x20])
    bus.clear()
    try oled.show(frame, power: .off)
    #expect(bus.commands == [0xAE])
    bus.clear()
    // Back from dark: set up and sent whole (a module unplugged while dark has lost its settings).
    try oled.show(frame, power: .on(brightness: 0x20))
    #expect(bus.commands.first == 0xAE && bus.commands.contains(0xAF))
    #expect(bus.data.count == 1024)
  }

  @Test func aProbeChangesNothingAndNoticesAMissingModule() throws {
    let (oled, bus) = panel(PanelConfig())
    try oled.show(Frame(width: 128, height: 64), power: .on(brightness: 0x40))
    bus.clear()
    try oled.probe()
    #expect(bus.commands == [0x81, 0x40])
    bus.failing = EREMOTEIO
    #expect(throws: I2CError.self) { try oled.probe() }
    bus.failing = nil
    bus.clear()
    try oled.show(Frame(width: 128, height: 64), power: .on(brightness: 0x40))
    #expect(bus.data.count == 1024)
  }

  @Test func afterAFaultThePanelIsSetUpAgainAndSentWhole() throws {
    let (oled, bus) = panel(PanelConfig())
    var frame = Frame(width: 128, height: 64)
    try oled.show(frame, power: .on(brightness: 0xCF))
    bus.failing = EREMOTEIO
    frame[0, 0] = true
    #expect(throws: I2CError.self) { try oled.show(frame, power: .on(brightness: 0xCF)) }
    bus.failing = nil
    bus.clear()
    try oled.show(frame, power: .on(brightness: 0xCF))
    #expect(bus.commands.first == 0xAE)
    #expect(bus.data.count == 1024)
  }

  @Test func aMissingBusSaysHowToEnableIt() {
    #expect {
      try LinuxI2CBus(bus: "/dev/i2c-77", address: 0x3C)
    } throws: { error in
      (error as? I2CError)?.description.contains("enable I2C") == true
    }
  }
}
