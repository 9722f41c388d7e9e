import Foundation
import Testing

/// The systemd unit the image installs.
@Suite struct ServiceUnitTests {
  static let unit = VirtualRun.packageRoot.appendingPathComponent("image/systemd/foliotell.service").path

  func settings() throws -> [String: [String]] {
    let text = try String(contentsOfFile: Self.unit, encoding: .utf8)
    var result: [String: [String]] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && line.contains("=") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      result[parts[0], default: []].append(parts[1])
    }
    return result
  }

  @Test func itIsANotifyServiceWithTheWatchdogThatAlwaysRestarts() throws {
    let unit = try settings()
    #expect(unit["Type"] == ["notify"])
    #expect(unit["WatchdogSec"] != nil)
    #expect(unit["Restart"] == ["always"])
    #expect(unit["ExecStart"]?.first?.hasPrefix("/usr/bin/foliotell run") == true)
    #expect(unit["ExecReload"]?.first?.contains("-HUP") == true)
  }

  @Test func itWaitsForUdevToGiveTheDevicesTheirGroupsButNeverFailsOnIt() throws {
    // A slow board's udev may still be working through the boot's events: the GPIO chip would be root's.
    let unit = try settings()
    let settle = try #require(unit["ExecStartPre"]?.first)
    #expect(settle.hasPrefix("-/usr/bin/udevadm settle --timeout="), "\(settle)")
  }

  @Test func itRunsUnprivilegedWithOnlyTheDeviceGroupsAndNoNetwork() throws {
    let unit = try settings()
    #expect(unit["User"] == ["foliotell"])
    #expect(unit["SupplementaryGroups"] == ["audio gpio i2c input"])
    #expect(unit["ProtectSystem"] == ["strict"])
    #expect(unit["ReadWritePaths"] == ["/var/lib/foliotell"])
    #expect(unit["NoNewPrivileges"] == ["yes"])
    #expect(unit["PrivateNetwork"] == ["yes"])
    #expect(unit["RestrictAddressFamilies"] == ["AF_UNIX"])
  }

  @Test func systemdAcceptsIt() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else {
      print("skipped: systemd-analyze is not installed, so the unit cannot be verified here")
      return
    }
    // The unit names the installed binary; verified here against the one just built.
    let folder = VirtualRun.folder()
    let text = try String(contentsOfFile: Self.unit, encoding: .utf8)
      .replacingOccurrences(of: "/usr/bin/foliotell", with: VirtualRun.binary)
    _ = FileManager.default.createFile(atPath: folder + "/foliotell.service", contents: Data(text.utf8))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
    process.arguments = ["verify", "--man=no", folder + "/foliotell.service"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = errors
    try process.run()
    let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(output)")
    #expect(!output.contains("Unknown key"), "\(output)")
  }
}
