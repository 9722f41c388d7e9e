import Foundation
import Testing

/// The Raspberry Pi's boot-loader back end for RAUC (image/rauc/tryboot-backend), run as RAUC runs it, on a
/// folder standing for the card's autoboot partition: a new slot is put on trial in `[tryboot]`, becomes
/// `[all]`'s only when it is marked good from itself, and anything else leaves the firmware booting the old
/// slot. (QEMU cannot run a Pi's firmware: this is as far as the tryboot path is tested off the hardware.)
@Suite struct TrybootBackendTests {
  static let script = VirtualRun.packageRoot.appendingPathComponent("image/rauc/tryboot-backend").path
  let folder = NSTemporaryDirectory() + "foliotell-tryboot-\(UUID().uuidString)"

  init() throws {
    try FileManager.default.createDirectory(atPath: folder + "/boot", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder + "/state", withIntermediateDirectories: true)
    try "[all]\ntryboot_a_b=1\nboot_partition=2\n[tryboot]\nboot_partition=3\n"
      .write(toFile: folder + "/boot/autoboot.txt", atomically: true, encoding: .utf8)
    try booted("foliotell-a")
  }

  func booted(_ slot: String) throws {
    try "console=serial0,115200 root=PARTUUID=5eed0001-05 rauc.slot=\(slot) ro\n"
      .write(toFile: folder + "/cmdline", atomically: true, encoding: .utf8)
  }

  @discardableResult
  func backend(_ arguments: String...) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.script)
    process.arguments = arguments
    process.environment = [
      "PATH": "/usr/bin:/bin", "FOLIOTELL_AUTOBOOT_DIR": folder + "/boot", "FOLIOTELL_UPDATE_STATE": folder + "/state",
      "FOLIOTELL_CMDLINE": folder + "/cmdline",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  var autoboot: String { (try? String(contentsOfFile: folder + "/boot/autoboot.txt", encoding: .utf8)) ?? "" }

  @Test func aNewCardBootsSlotAWhichIsGood() throws {
    #expect(try backend("get-primary").output == "foliotell-a")
    #expect(try backend("get-current").output == "foliotell-a")
    #expect(try backend("get-state", "foliotell-a").output == "good")
    #expect(try backend("get-state", "foliotell-b").output == "bad")
  }

  @Test func anUpdatedSlotIsTriedOnceAndBecomesTheSlotThatBootsWhenMarkedGoodFromItself() throws {
    // RAUC marks the target bad before writing it, then makes it primary.
    try backend("set-state", "foliotell-b", "bad")
    try backend("set-primary", "foliotell-b")
    #expect(try backend("get-primary").output == "foliotell-b")
    #expect(autoboot.contains("[all]\ntryboot_a_b=1\nboot_partition=2\n[tryboot]\nboot_partition=3"))
    #expect(FileManager.default.fileExists(atPath: folder + "/state/tryboot-pending"))
    // The restart with the tryboot flag boots partition 3; the box speaks and the slot is marked good.
    try booted("foliotell-b")
    try backend("set-state", "foliotell-b", "good")
    #expect(autoboot.contains("[all]\ntryboot_a_b=1\nboot_partition=3\n[tryboot]\nboot_partition=2"))
    #expect(try backend("get-primary").output == "foliotell-b")
    #expect(try backend("get-state", "foliotell-b").output == "good")
    #expect(!FileManager.default.fileExists(atPath: folder + "/state/tryboot-pending"))
  }

  @Test func aSlotThatFailsOnTrialLeavesTheOldOneBooting() throws {
    try backend("set-primary", "foliotell-b")
    try booted("foliotell-b")
    try backend("set-state", "foliotell-b", "bad")
    #expect(autoboot.contains("[all]\ntryboot_a_b=1\nboot_partition=2"))
    #expect(try backend("get-primary").output == "foliotell-a")
    #expect(try backend("get-state", "foliotell-b").output == "bad")
  }

  @Test func markingTheOtherSlotGoodFromTheOldOneDoesNotSwitch() throws {
    // Only the slot that spoke, booted, becomes the one that boots.
    try backend("set-primary", "foliotell-b")
    try backend("set-state", "foliotell-b", "good")
    #expect(autoboot.contains("[all]\ntryboot_a_b=1\nboot_partition=2"))
  }

  @Test func makingTheRunningSlotPrimaryTakesBackAPendingTrial() throws {
    try backend("set-primary", "foliotell-b")
    try backend("set-primary", "foliotell-a")
    #expect(try backend("get-primary").output == "foliotell-a")
  }

  @Test func anUnknownSlotOrCommandIsRefusedWithWhy() throws {
    let slot = try backend("set-primary", "foliotell-c")
    #expect(slot.status != 0)
    #expect(slot.output.contains("no slot 'foliotell-c'"))
    let command = try backend("reboot")
    #expect(command.status != 0)
    #expect(command.output.contains("unknown command 'reboot'"))
    let state = try backend("set-state", "foliotell-a", "maybe")
    #expect(state.status != 0)
  }
}
