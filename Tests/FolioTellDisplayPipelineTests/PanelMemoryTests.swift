import FolioTellViews
import FolioTellDisplayPipeline
import Testing

/// The module's RAM rebuilt from the bus: whatever the driver sends, the memory shows the frame it meant.
@Suite struct PanelMemoryTests {
  func replay(_ bus: RecordingI2CBus, into memory: inout PanelMemory) {
    for write in bus.writes { memory.apply(control: write.control, write.bytes) }
    bus.clear()
  }

  @Test(arguments: [
    PanelConfig(controller: .ssd1306), PanelConfig(controller: .sh1106), PanelConfig(controller: .ssd1306, height: 32),
  ])
  func everyFrameTheDriverSendsIsTheFrameTheMemoryShows(config: PanelConfig) throws {
    let bus = RecordingI2CBus()
    let oled = OLEDPanel(config: config, transport: bus)
    var memory = PanelMemory(config: config)
    var generator = SystemRandomNumberGenerator()
    var frame = Frame(width: 128, height: config.height)
    try oled.show(frame, power: .on(brightness: 0xCF))
    replay(bus, into: &memory)
    #expect(memory.isOn && memory.brightness == 0xCF)
    #expect(memory.frame == frame)
    for _ in 0..<50 {
      // Boxes drawn and cleared, as words are highlighted and pages turned: only changes are sent.
      let x = Int.random(in: 0..<120, using: &generator)
      let y = Int.random(in: 0..<(config.height - 4), using: &generator)
      frame.invert(x: x, y: y, width: Int.random(in: 1...40, using: &generator), height: 5)
      try oled.show(frame, power: .on(brightness: 0xCF))
      replay(bus, into: &memory)
      #expect(memory.frame == frame)
    }
    try oled.show(frame, power: .off)
    replay(bus, into: &memory)
    #expect(!memory.isOn)
  }

  @Test func theKernelsSMBusTraceIsReadBackIntoBlockWrites() {
    let log = """
      # tracer: nop
                foliotell-412     [001] .....    31.250113: smbus_write: i2c-0 a=03c f=0000 c=0 I2C_BLOCK_DATA l=4 [03-b2-08-12]
                foliotell-412     [001] .....    31.250200: smbus_write: i2c-0 a=03c f=0000 c=40 I2C_BLOCK_DATA l=5 [04-00-ff-81-7e]
                   i2cset-99      [000] .....    32.000000: smbus_write: i2c-0 a=050 f=0000 c=10 BYTE_DATA l=1 [05]
                foliotell-412     [001] .....    31.250300: smbus_result: i2c-0 a=03c f=0000 c=40 I2C_BLOCK_DATA wr res=0
      """
    let writes = SMBusTraceLog.writes(in: log, address: 0x3C)
    #expect(writes.count == 2)
    #expect(writes[0] == .init(time: 31.250113, bus: 0, address: 0x3C, control: 0x00, bytes: [0xB2, 0x08, 0x12]))
    #expect(writes[1].control == 0x40 && writes[1].bytes == [0x00, 0xFF, 0x81, 0x7E])
    var memory = PanelMemory(config: PanelConfig())
    for write in writes { memory.apply(control: write.control, write.bytes) }
    #expect(memory.ram[2][40...43] == [0x00, 0xFF, 0x81, 0x7E])
    #expect(memory.frame[41, 16] && !memory.frame[40, 16])
  }
}
