import FolioTellAppliance
import FolioTellJSON
import Foundation
import Testing

/// The board files: each loads as the box's config (every key known), wires the same controls by line
/// name, and says how its image is built.
@Suite struct BoardFileTests {
  static let boards = ["raspberry-pi-zero-2-w", "raspberry-pi-3", "raspberry-pi-4", "raspberry-pi-5", "qemu-amd64"]

  static func path(_ board: String) -> String {
    Shell.packageRoot.appendingPathComponent("board/\(board).json").path
  }

  static func boot(_ board: String) throws -> [String: Any] {
    let root = try readConfigObject(path(board))
    return try #require(root["boot"] as? [String: Any], "\(board) has no boot section")
  }

  @Test(arguments: boards) func eachBoardLoadsWithTheWholeWiring(board: String) throws {
    let config = try ApplianceConfig.load(path: nil, board: Self.path(board))
    let wiring = config.input.wiring
    #expect(Set(wiring.buttons.map(\.control.rawValue)) == ["PLAY", "NEXT", "PREVIOUS", "MENU", "BACK", "ENCODER_PUSH"])
    #expect(wiring.buttons.first { $0.control == .play }?.line == "GPIO17")
    #expect(wiring.encoders.map(\.a) == ["GPIO5"] && wiring.encoders.map(\.b) == ["GPIO6"])
    #expect(config.display.panel.address == 0x3C)
    #expect(config.audio.hasPrefix(board == "qemu-amd64" ? "plughw:CARD=Loopback" : "default:CARD=FolioTell"))
  }

  @Test func thePisNameTheirGPIOChipByLabelAndTheAmplifierLine() throws {
    let labels = [
      "raspberry-pi-zero-2-w": "pinctrl-bcm2835", "raspberry-pi-3": "pinctrl-bcm2835",
      "raspberry-pi-4": "pinctrl-bcm2711", "raspberry-pi-5": "pinctrl-rp1",
    ]
    for (board, label) in labels {
      let config = try ApplianceConfig.load(path: nil, board: Self.path(board))
      #expect(config.input.wiring.chip == label, "\(board)")
      #expect(config.amplifier == AmplifierLine(chip: label, line: "GPIO16"), "\(board)")
      #expect(config.audio == "default:CARD=FolioTell", "\(board)")
      #expect(config.display.panel.bus == "/dev/i2c-1", "\(board)")
    }
  }

  @Test func debiansKernelRunsEveryBoardButThePi5() throws {
    for board in Self.boards {
      let boot = try Self.boot(board)
      #expect(boot["debianKernel"] as? Bool == (board != "raspberry-pi-5"), "\(board)")
      #expect(boot["architecture"] as? String == (board == "qemu-amd64" ? "amd64" : "arm64"), "\(board)")
      #expect((boot["console"] as? String)?.contains(",115200") == true, "\(board)")
    }
    let notes = try #require(try readConfigObject(Self.path("raspberry-pi-5"))["notes"] as? String)
    #expect(notes.contains("RP1") && notes.contains("Raspberry Pi OS"))
  }

  @Test func everyOverlayABoardNamesIsInOverlays() throws {
    for board in Self.boards {
      for overlay in try Self.boot(board)["overlays"] as? [String] ?? [] {
        let source = Shell.packageRoot.appendingPathComponent("overlays/\(overlay).dts").path
        #expect(FileManager.default.fileExists(atPath: source), "\(board) names \(overlay), which is not in overlays/")
      }
    }
  }

  @Test func thePisConfigTxtBootsA64BitKernelWithTheSerialConsole() throws {
    for board in ["raspberry-pi-zero-2-w", "raspberry-pi-3", "raspberry-pi-4"] {
      let lines = try Self.boot(board)["configTxt"] as? [String] ?? []
      #expect(lines.contains("arm_64bit=1") && lines.contains("enable_uart=1"), "\(board)")
      let dtb = try Self.boot(board)["deviceTree"] as? String ?? ""
      #expect(dtb.hasPrefix("bcm2") && dtb.hasSuffix(".dtb"), "\(board)")
    }
  }

  @Test func aMisspeltBootKeyIsAnErrorNamingIt() throws {
    let folder = Shell.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/board.json"
    try #"{"boot": {"overlay": ["foliotell-i2c-fast"]}}"#.write(toFile: file, atomically: true, encoding: .utf8)
    #expect {
      _ = try ApplianceConfig.load(path: file)
    } throws: { error in
      "\(error)".contains("boot.overlay") && "\(error)".contains("did you mean \"overlays\"")
    }
  }
}
