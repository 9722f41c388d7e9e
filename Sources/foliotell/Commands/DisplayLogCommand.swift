import FolioTellAppliance
import FolioTellViews
import FolioTellDisplayPipeline
import FoundationEssentials
import Glibc

/// `foliotell display-log LOG --png DIR [--board NAME] [--config FILE]`: the frames an OLED showed,
/// rebuilt from the kernel's log of the I2C bus (tracefs `smbus_write` events): what a reader saw on the
/// glass, as PNGs drawn like `replay --display png:DIR` draws the display's views, so the two compare.
enum DisplayLogCommand {
  static func run(_ arguments: [String]) {
    var rest = arguments[...]
    var log: String?
    var folder: String?
    var configArguments: [String] = []
    while let argument = rest.popFirst() {
      switch argument {
      case "--png": folder = rest.popFirst() ?? { fail("--png needs a folder") }()
      case "--board", "--config":
        guard let value = rest.popFirst() else { fail("\(argument) needs a value") }
        configArguments += [argument, value]
      default:
        guard log == nil, !argument.hasPrefix("-") else {
          fail("usage: foliotell display-log LOG --png DIR [--board NAME] [--config FILE]")
        }
        log = argument
      }
    }
    guard let log, let folder else { fail("usage: foliotell display-log LOG --png DIR [--board NAME] [--config FILE]") }
    let options = ConfigOptions.parse(configArguments, command: "display-log")
    let config: ApplianceConfig
    do {
      config = try ApplianceConfig.load(path: options.configPath, board: options.board)
    } catch {
      fail("\(error)")
    }
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else {
      fail("cannot read the bus log '\(log)'", status: 1)
    }
    let panel = config.display.panel
    let writes = SMBusTraceLog.writes(in: text, address: panel.address)
    let output: PNGFolderOutput
    do {
      output = try PNGFolderOutput(folder: folder)
    } catch {
      fail("\(error)", status: 1)
    }
    var memory = PanelMemory(config: panel)
    var frames = 0
    // A frame goes out as a burst of block writes; a pause on the bus of more than 5 ms ends it.
    for (index, write) in writes.enumerated() {
      memory.apply(control: write.control, write.bytes)
      let next = index + 1 < writes.count ? writes[index + 1].time : .infinity
      guard next - write.time > 0.005 else { continue }
      let power: DisplayState.Power = memory.isOn ? .on(brightness: memory.brightness) : .off
      if (try? output.show(memory.frame, power: power)) ?? 0 > 0 { frames += 1 }
    }
    print("\(writes.count) writes to 0x\(String(panel.address, radix: 16)) on the bus; \(frames) frames in \(folder)")
  }
}
