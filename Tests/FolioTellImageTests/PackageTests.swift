import Foundation
import Testing

/// `./dev package`: the .deb a maker installs on Raspberry Pi OS and the image installs, built for real and
/// installed into a scratch Debian root with nothing but its own Depends.
@Suite(.serialized) struct PackageTests {
  /// Built once for the suite: a release build takes a minute or two.
  static let built: Result<String, PackageError> = {
    do {
      let result = try Shell.run(
        "scripts/package --no-bench", environment: ["FOLIOTELL_PACKAGE_BUILD_PATH": ".build-package"])
      guard result.status == 0,
        let line = result.output.split(separator: "\n").last(where: { $0.hasPrefix("package: dist/") }),
        let path = line.dropFirst("package: ".count).split(separator: " ").first
      else { return .failure(PackageError(reason: "scripts/package failed:\n\(result.output)")) }
      return .success(Shell.packageRoot.appendingPathComponent(String(path)).path)
    } catch {
      return .failure(PackageError(reason: "\(error)"))
    }
  }()

  struct PackageError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  func deb() throws -> String { try Self.built.get() }

  @Test func itHoldsTheBinaryUnitBoardsOverlaysAndDeviceRules() throws {
    let deb = try deb()
    let listing = try Shell.run("dpkg-deb -c '\(deb)'").output
    for path in [
      "./usr/bin/foliotell", "./lib/systemd/system/foliotell.service", "./lib/udev/rules.d/60-foliotell.rules",
      "./usr/lib/sysusers.d/foliotell.conf", "./etc/foliotell/config.json",
      "./usr/share/foliotell/board/raspberry-pi-4.json", "./usr/share/foliotell/board/qemu-amd64.json",
      "./usr/share/foliotell/overlays/foliotell-max98357a.dtbo", "./usr/share/doc/foliotell/README.md",
    ] {
      #expect(listing.contains(" \(path)\n") || listing.hasSuffix(" \(path)"), "\(path) is not in the package")
    }
    #expect(listing.contains("root/root"), "files belong to root in the package")
    #expect(try Shell.run("dpkg-deb -f '\(deb)' Package Version Architecture").output.contains("Package: foliotell"))
  }

  @Test func theBinaryIsStrippedAndAtMost30Megabytes() throws {
    let deb = try deb()
    let folder = Shell.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try #require(try Shell.run("dpkg-deb -x '\(deb)' '\(folder)'").status == 0)
    let binary = folder + "/usr/bin/foliotell"
    let size = try #require(try FileManager.default.attributesOfItem(atPath: binary)[.size] as? NSNumber).intValue
    #expect(size <= 30 << 20, "the binary is \(size) bytes")
    #expect(try Shell.run("file '\(binary)'").output.contains("stripped"))
    #expect(!(try Shell.run("file '\(binary)'").output.contains("not stripped")))
    // Swift's own libraries are inside; only Debian's C and C++ libraries are linked.
    let needed = try Shell.run("objdump -p '\(binary)' | awk '/NEEDED/ {print $2}'").output
    #expect(!needed.contains("libswift") && !needed.contains("Foundation"), "\(needed)")
  }

  @Test func dependsNamesThePackageOfEveryLibraryTheBinaryNeedsAndTheFont() throws {
    let deb = try deb()
    let depends = try Shell.run("dpkg-deb -f '\(deb)' Depends").output
    let needed = try Shell.run(
      "dpkg-deb --fsys-tarfile '\(deb)' | tar -xO ./usr/bin/foliotell > /tmp/foliotell-needed.$$ && objdump -p /tmp/foliotell-needed.$$ | awk '/NEEDED/ {print $2}'; rm -f /tmp/foliotell-needed.$$"
    ).output
      .split(separator: "\n").map(String.init)
    #expect(needed.contains("libespeak-ng.so.1") && needed.contains("libasound.so.2"))
    for library in needed {
      // With /usr merged, dpkg knows a library by either of its two paths.
      let owner = try Shell.run(
        "m=$(dpkg-architecture -qDEB_HOST_MULTIARCH); { dpkg -S /lib/$m/\(library) || dpkg -S /usr/lib/$m/\(library); } 2>/dev/null | head -1 | cut -d: -f1"
      ).output
        .trimmingCharacters(in: .whitespacesAndNewlines)
      try #require(!owner.isEmpty, "no package owns \(library)")
      #expect(
        depends.contains(owner + " ") || depends.contains(owner + ",") || depends.hasSuffix(owner),
        "Depends lacks \(owner) for \(library): \(depends)")
    }
    #expect(depends.contains("fonts-dejavu-core"))
  }

  @Test func itInstallsIntoAScratchDebianRootWithItsUserGroupsAndService() throws {
    guard getuid() == 0 else {
      print("skipped: installing into a scratch root with mmdebstrap needs root (CI runs as root)")
      return
    }
    guard Shell.has("mmdebstrap") else {
      print("skipped: mmdebstrap is not installed (image/packages.txt lists it; image/build installs it)")
      return
    }
    let deb = try deb()
    let folder = Shell.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let name = URL(fileURLWithPath: deb).lastPathComponent
    // The host's apt sources: the repository names no mirror.
    let sources =
      FileManager.default.fileExists(atPath: "/etc/apt/sources.list.d/debian.sources")
      ? "/etc/apt/sources.list.d/debian.sources" : "/etc/apt/sources.list"
    let report = folder + "/report.txt"
    let command = """
      mmdebstrap --variant=apt --quiet \
        --customize-hook='copy-in \(deb) /tmp' \
        --customize-hook='chroot "$1" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q /tmp/\(name)' \
        --customize-hook='chroot "$1" sh -c "foliotell version; id foliotell; readlink /etc/systemd/system/multi-user.target.wants/foliotell.service; stat -c %U /var/lib/foliotell; foliotell doctor --config /etc/foliotell/config.json" > \(report) 2>&1 || true' \
        bookworm '\(folder)/root.tar' \(sources)
      """
    let result = try Shell.run(command)
    try #require(result.status == 0, "mmdebstrap failed:\n\(result.output.suffix(3000))")
    let text = try String(contentsOfFile: report, encoding: .utf8)
    #expect(
      text.hasPrefix(
        try Shell.run(
          "sed -n 's/^public let foliotellVersion = \"\\(.*\\)\"$/\\1/p' Sources/FolioTellAppliance/Version.swift"
        ).output),
      "\(text)")
    #expect(text.contains("(foliotell) groups=") && text.contains("(audio)") && text.contains("(gpio)"), "\(text)")
    #expect(text.contains("(i2c)") && text.contains("(input)"), "\(text)")
    #expect(text.contains("/lib/systemd/system/foliotell.service"), "\(text)")
    #expect(text.contains("ok   data: /var/lib/foliotell is writable"), "\(text)")
    #expect(text.contains("ok   fonts:"), "\(text)")
  }
}
