import Foundation
import Testing

@testable import FolioTellAppliance
@testable import FolioTellCore

/// Bundles on a drive, checked by the real RAUC command line (Debian's `rauc`, with a configuration of the
/// test's own in place of the image's /etc/rauc/system.conf): a bundle signed with the box's key is offered
/// with its version; one signed with another key, made for another box, or damaged is refused with why.
/// Installing goes through a stand-in for `rauc install` (a real one needs the box's slots): it prints
/// progress as RAUC does, and the record kept for the restart says what the next start finds.
@Suite(.serialized) struct UpdateSystemTests {
  static let repository = VirtualRun.packageRoot.path
  let folder: String

  init() throws {
    folder = NSTemporaryDirectory() + "foliotell-update-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder + "/media/usb-sda1/updates", withIntermediateDirectories: true)
  }

  func shell(_ command: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ShellError(command: command, output: output) }
    return output
  }

  struct ShellError: Error, CustomStringConvertible {
    var command: String
    var output: String
    var description: String { "\(command) failed: \(output)" }
  }

  /// Keys (image/keys), slot images of random bytes and a bundle of them (image/bundle), as the image's are.
  func bundle(_ name: String, version: String, keys: String, compatible: String = "foliotell-qemu-amd64") throws -> String {
    let path = folder + "/media/usb-sda1/" + name
    _ = try shell(
      """
      set -e; cd '\(folder)'
      '\(Self.repository)/image/keys' --dir '\(keys)' 2>/dev/null
      [ -f boot.vfat ] || head -c 65536 /dev/urandom >boot.vfat
      [ -f root.ext4 ] || head -c 262144 /dev/urandom >root.ext4
      '\(Self.repository)/image/bundle' --board qemu-amd64 --boot boot.vfat --root root.ext4 --version '\(version)' \
        --keys '\(keys)' --out '\(path)' --compatible '\(compatible)' 2>/dev/null
      """)
    return path
  }

  var system: UpdateSystem {
    var system = UpdateSystem(pendingFile: folder + "/update-pending", restartFile: folder + "/restart")
    system.raucOptions = ["--conf=\(folder)/system.conf"]
    system.configuration = folder + "/system.conf"
    system.mediaRoot = folder + "/media"
    system.commandLine = folder + "/cmdline"
    system.versionFile = folder + "/system-version"
    return system
  }

  func configure(trusting keys: String) throws {
    try """
    [system]
    compatible=foliotell-qemu-amd64
    bootloader=noop
    bundle-formats=-plain
    [keyring]
    path=\(keys)/ca.cert.pem
    """.write(toFile: folder + "/system.conf", atomically: true, encoding: .utf8)
  }

  @Test func aBundleSignedForThisBoxIsOfferedWithItsVersion() throws {
    let path = try bundle("foliotell-0.15.0-qemu-amd64.raucb", version: "0.15.0", keys: folder + "/keys")
    try configure(trusting: folder + "/keys")
    #expect(system.check(path) == .offer(UpdateOffer(version: "0.15.0", path: path)))
  }

  @Test func aBundleSignedWithAnotherKeyIsRefusedAsNotSigned() throws {
    let path = try bundle("stranger.raucb", version: "0.15.0", keys: folder + "/stranger")
    _ = try shell("'\(Self.repository)/image/keys' --dir '\(folder)/keys' 2>/dev/null")
    try configure(trusting: folder + "/keys")
    guard case .refused(let reason, let why) = system.check(path) else {
      Issue.record("a bundle signed with another key was offered")
      return
    }
    #expect(reason == .notSigned)
    #expect(why.contains("signature") || why.contains("certificate"), "\(why)")
  }

  @Test func aBundleForAnotherBoxIsRefused() throws {
    let path = try bundle("pi.raucb", version: "0.15.0", keys: folder + "/keys", compatible: "foliotell-raspberry-pi-4")
    try configure(trusting: folder + "/keys")
    guard case .refused(let reason, let why) = system.check(path) else {
      Issue.record("a bundle for another box was offered")
      return
    }
    #expect(reason == .otherBox)
    #expect(why == "it is made for foliotell-raspberry-pi-4, and this box is foliotell-qemu-amd64")
  }

  @Test func aDamagedBundleIsRefused() throws {
    let path = try bundle("cut.raucb", version: "0.15.0", keys: folder + "/keys")
    try configure(trusting: folder + "/keys")
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
    guard case .refused(let reason, _) = system.check(path) else {
      Issue.record("a bundle cut in half was offered")
      return
    }
    #expect(reason != .otherBox)
  }

  @Test func bundlesAreFoundAtTheTopOfADriveAndOneFolderIn() throws {
    for name in ["usb-sda1/a.raucb", "usb-sda1/updates/b.raucb", "usb-sda1/book.epub", "usb-sda1/updates/deeper/c.raucb"] {
      let path = folder + "/media/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
    }
    #expect(system.bundlesOnDrives() == [folder + "/media/usb-sda1/a.raucb", folder + "/media/usb-sda1/updates/b.raucb"])
  }

  @Test func installingHearsTheProgressAndKeepsWhatTheNextStartSays() throws {
    let path = try bundle("foliotell-0.15.0-qemu-amd64.raucb", version: "0.15.0", keys: folder + "/keys")
    try configure(trusting: folder + "/keys")
    // The stand-in answers `info` with the real RAUC, and `install` as RAUC's client prints it.
    let standIn = folder + "/rauc"
    try """
    #!/bin/sh
    for argument; do [ "$argument" = install ] && install=1; done
    [ -n "$install" ] || exec rauc "$@"
    for p in 0 10 20 40 60 80 99 100; do echo "  $p% Copying image to rootfs.1"; done
    echo idle
    echo "Installing \\`$3' succeeded"
    """.write(toFile: standIn, atomically: true, encoding: .utf8)
    chmod(standIn, 0o755)
    try "console=ttyS0 root=PARTUUID=x rauc.slot=foliotell-a ro\n".write(toFile: folder + "/cmdline", atomically: true, encoding: .utf8)
    var updates = system
    updates.rauc = standIn
    var heard: [Int] = []
    #expect(updates.install(path) { heard.append($0) } == .success("0.15.0"))
    #expect(heard == [0, 10, 20, 40, 60, 80, 99, 100])

    // Booted into the slot it went into: updated, said with the version that slot runs.
    try "console=ttyS0 root=PARTUUID=y rauc.slot=foliotell-b ro\n".write(toFile: folder + "/cmdline", atomically: true, encoding: .utf8)
    try "0.15.0\n".write(toFile: folder + "/system-version", atomically: true, encoding: .utf8)
    #expect(updates.takeOutcome() == .updated(version: "0.15.0"))
    #expect(updates.takeOutcome() == nil)

    // Back on the old slot: the update did not work.
    #expect(updates.install(path) { _ in } == .success("0.15.0"))
    try "console=ttyS0 root=PARTUUID=x rauc.slot=foliotell-a ro\n".write(toFile: folder + "/cmdline", atomically: true, encoding: .utf8)
    // (installed from slot b this time, so the update went to a)
    #expect(updates.takeOutcome() == .updated(version: "0.15.0"))
    try "console=ttyS0 root=PARTUUID=y rauc.slot=foliotell-b ro\n".write(toFile: folder + "/cmdline", atomically: true, encoding: .utf8)
    #expect(updates.install(path) { _ in } == .success("0.15.0"))
    try "console=ttyS0 root=PARTUUID=y rauc.slot=foliotell-b ro\n".write(toFile: folder + "/cmdline", atomically: true, encoding: .utf8)
    #expect(updates.takeOutcome() == .fellBack(version: "0.15.0"))
  }

  @Test func aFailedInstallationIsReportedInRAUCsOwnWords() throws {
    let path = try bundle("foliotell-0.15.0-qemu-amd64.raucb", version: "0.15.0", keys: folder + "/keys")
    try configure(trusting: folder + "/keys")
    let standIn = folder + "/rauc"
    try """
    #!/bin/sh
    for argument; do [ "$argument" = install ] && install=1; done
    [ -n "$install" ] || exec rauc "$@"
    echo "  0% Installing"
    echo "  20% Checking slot rootfs.1"
    echo "LastError: Failed updating slot rootfs.1: No space left on device"
    echo "idle"
    exit 1
    """.write(toFile: standIn, atomically: true, encoding: .utf8)
    chmod(standIn, 0o755)
    var updates = system
    updates.rauc = standIn
    #expect(updates.install(path) { _ in } == .failure(.init(reason: "Failed updating slot rootfs.1: No space left on device")))
    #expect(updates.takeOutcome() == nil)
  }

  @Test func theRestartIsAskedForWithAFile() {
    system.requestRestart()
    #expect(FileManager.default.fileExists(atPath: folder + "/restart"))
  }

  @Test func systemdsStatusSaysWhatTheUpdateIsDoing() {
    var state = BoxState()
    state.updates.offer = UpdateOffer(version: "0.15.0", path: "/media/usb-sda1/x.raucb")
    #expect(StatusLine.status(of: state) == "Offering the update to version 0.15.0")
    state.updates.installing = state.updates.offer
    state.updates.offer = nil
    state.updates.saidPercent = 50
    #expect(StatusLine.status(of: state) == "Installing the update to version 0.15.0: 50%")
    state.updates.installing = nil
    state.updates.restartWhenSaid = true
    #expect(StatusLine.status(of: state) == "Restarting to finish the update")
  }

  @Test func percentagesAreReadFromRAUCsLines() {
    #expect(UpdateSystem.percent(in: "  42% Copying image to rootfs.1") == 42)
    #expect(UpdateSystem.percent(in: "100% Installing done.") == 100)
    #expect(UpdateSystem.percent(in: "idle") == nil)
  }
}
