import CGPIOD
import FolioTellControls
import Foundation
import Glibc
import Testing

@testable import FolioTellInput

/// The CGPIOD shim against whichever libgpiod is installed (1.6 on Debian 12, 2.x on Debian 13): the same
/// contract on both. The chip-level half needs the kernel's gpio-sim (configfs) and root; without them it
/// says so and checks only what needs no chip.
@Suite(.serialized) struct GPIOLibraryTests {
  @Test func theShimReportsTheLibraryItWasBuiltAgainst() {
    let version = String(cString: folio_gpio_library_version())
    let major = folio_gpio_api_major()
    #expect(major == 1 || major == 2)
    #expect(version.hasPrefix("\(major)."), "libgpiod reports \(version), the shim was built for v\(major)")
    #expect(GPIOLines.libraryDescription.contains("(v\(major) API)"))
  }

  @Test func aChipThatIsNotThereIsNotFoundByNameNumberPathOrLabel() {
    for name in ["gpiochip97", "97", "/dev/gpiochip97", "no-such-label-on-any-chip", "/dev/null"] {
      errno = 0
      let chip = folio_gpio_chip_open(name)
      #expect(chip == nil, "\(name) opened")
      #expect(errno != 0, "\(name): no errno")
      if let chip { folio_gpio_chip_close(chip) }
    }
  }

  @Test func aMissingChipIsAnErrorThatSaysWhatToRun() {
    let wiring = ControlWiring(chip: "no-such-label-on-any-chip", buttons: [.init(control: .play, line: "GPIO17")])
    #expect {
      try GPIOLines.check(wiring, source: "board/test.json")
    } throws: { error in
      let text = String(describing: error)
      return text.contains("no-such-label-on-any-chip") && text.contains("board/test.json") && text.contains("gpiodetect")
    }
  }

  @Test func edgesLevelsAndBusyLinesOnTheKernelsSimulatedChip() throws {
    guard let chip = SimulatedChip.make() else { return }
    defer { chip.remove() }
    let wiring = ControlWiring(
      chip: chip.label,
      buttons: [.init(control: .play, line: "SIM_PLAY")],
      encoders: [.init(control: .encoder, a: "SIM_A", b: "2")])
    let lines = try GPIOLines(wiring: wiring, source: "the test")
    defer { lines.close() }
    #expect(lines.lines.map(\.name) == ["SIM_PLAY", "SIM_A", "2"])
    // The pull-up the box asks for holds an unpressed button high.
    #expect(lines.level(lines.lines[0]) == 1)

    let before = InputLoop.now()
    chip.pull(0, down: true)
    chip.pull(0, down: false)
    var edges: [(time: Double, level: Int)] = []
    let deadline = Date().addingTimeInterval(5)
    while edges.count < 2, Date() < deadline {
      var poll = pollfd(fd: lines.lines[0].fd, events: Int16(POLLIN), revents: 0)
      _ = Glibc.poll(&poll, 1, 1000)
      edges += lines.readEdges(lines.lines[0]) ?? []
    }
    #expect(edges.map(\.level) == [0, 1])
    #expect(edges.allSatisfy { $0.time >= before && $0.time <= InputLoop.now() }, "timestamps on the monotonic clock")
    // Nothing waits now: a read returns no edges instead of blocking.
    #expect(lines.readEdges(lines.lines[0])?.isEmpty == true)

    #expect {
      try GPIOLines.check(wiring, source: "the test")
    } throws: { error in
      (error as? GPIOError)?.heldByFolioTell == true && String(describing: error).contains("already in use by 'foliotell'")
    }
  }
}

/// A gpio-sim chip made through configfs, with named lines, removed after the test.
struct SimulatedChip {
  let folder: String
  let label: String
  let device: String

  static func make() -> SimulatedChip? {
    let root = "/sys/kernel/config/gpio-sim"
    if !FileManager.default.fileExists(atPath: root) {
      _ = try? Process.run(URL(fileURLWithPath: "/sbin/modprobe"), arguments: ["-q", "gpio-sim"]).waitUntilExit()
    }
    guard getuid() == 0, FileManager.default.fileExists(atPath: root) else {
      print(
        "GPIOLibraryTests: skipping the chip-level checks: they need root and the kernel's gpio-sim (\(root)); this kernel has \(FileManager.default.fileExists(atPath: root) ? "it, but this is not root" : "no gpio-sim module")"
      )
      return nil
    }
    let label = "foliotell-test-\(getpid())"
    let folder = "\(root)/\(label)"
    do {
      try FileManager.default.createDirectory(atPath: "\(folder)/bank0", withIntermediateDirectories: true)
      try "4".write(toFile: "\(folder)/bank0/num_lines", atomically: false, encoding: .utf8)
      try label.write(toFile: "\(folder)/bank0/label", atomically: false, encoding: .utf8)
      for (offset, name) in ["SIM_PLAY", "SIM_A"].enumerated() {
        try FileManager.default.createDirectory(atPath: "\(folder)/bank0/line\(offset)", withIntermediateDirectories: true)
        try name.write(toFile: "\(folder)/bank0/line\(offset)/name", atomically: false, encoding: .utf8)
      }
      try "1".write(toFile: "\(folder)/live", atomically: false, encoding: .utf8)
      let device = try String(contentsOfFile: "\(folder)/dev_name", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
      let chipName = try String(contentsOfFile: "\(folder)/bank0/chip_name", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      return SimulatedChip(folder: folder, label: label, device: "/sys/devices/platform/\(device)/\(chipName)")
    } catch {
      Issue.record("cannot make a gpio-sim chip: \(error)")
      return nil
    }
  }

  /// What a button does to the line: down is pressed (active low).
  func pull(_ offset: Int, down: Bool) {
    try? (down ? "pull-down" : "pull-up").write(toFile: "\(device)/sim_gpio\(offset)/pull", atomically: false, encoding: .utf8)
  }

  func remove() {
    try? "0".write(toFile: "\(folder)/live", atomically: false, encoding: .utf8)
    for offset in 0..<2 { rmdir("\(folder)/bank0/line\(offset)") }
    rmdir("\(folder)/bank0")
    rmdir(folder)
  }
}
