import Foundation
import Testing

/// `./dev package --arch amd64|arm64`: the .deb a maker installs on Raspberry Pi OS and the images install,
/// built for real by Debian 13's own Swift in the build root (arm64 cross-compiled here), and installed into
/// a scratch Debian 13 root with nothing but its own Depends.
/// Building needs root (mmdebstrap makes the build root, bubblewrap enters it): without it the suite says
/// so and checks nothing.
@Suite(.serialized) struct PackageTests {
  static let architectures = ["amd64", "arm64"]

  /// Built once per architecture for the suite: a warm build takes seconds, a cold one minutes.
  static let built: [String: Result<String, PackageError>] = {
    var result: [String: Result<String, PackageError>] = [:]
    for arch in architectures { result[arch] = build(arch) }
    return result
  }()

  static func build(_ arch: String) -> Result<String, PackageError> {
    do {
      let result = try Shell.run("scripts/package --arch \(arch) --no-bench")
      guard result.status == 0,
        let line = result.output.split(separator: "\n").last(where: { $0.hasPrefix("package: dist/") }),
        let path = line.dropFirst("package: ".count).split(separator: " ").first
      else { return .failure(PackageError(reason: "scripts/package --arch \(arch) failed:\n\(result.output)")) }
      return .success(Shell.packageRoot.appendingPathComponent(String(path)).path)
    } catch {
      return .failure(PackageError(reason: "\(error)"))
    }
  }

  struct PackageError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  static var canBuild: Bool {
    if getuid() == 0 { return true }
    print("PackageTests: skipped: the package is built in the Debian 13 build root, which needs root (mmdebstrap, bubblewrap); CI runs as root")
    return false
  }

  func deb(_ arch: String) throws -> String { try #require(Self.built[arch]).get() }

  @Test(arguments: architectures) func itHoldsTheBinaryUnitBoardsOverlaysAndDeviceRules(arch: String) throws {
    guard Self.canBuild else { return }
    let deb = try deb(arch)
    #expect(deb.hasSuffix("_\(arch).deb"))
    let listing = try Shell.run("dpkg-deb -c '\(deb)'").output
    for path in [
      "./usr/bin/foliotell", "./lib/systemd/system/foliotell.service", "./lib/udev/rules.d/60-foliotell.rules",
      "./usr/lib/sysusers.d/foliotell.conf", "./etc/foliotell/config.json",
      "./usr/share/foliotell/board/raspberry-pi-4.json", "./usr/share/foliotell/board/qemu-amd64.json",
      "./usr/share/foliotell/board/qemu-arm64.json",
      "./usr/share/foliotell/overlays/foliotell-max98357a.dtbo", "./usr/share/doc/foliotell/README.md",
    ] {
      #expect(listing.contains(" \(path)\n") || listing.hasSuffix(" \(path)"), "\(path) is not in the package")
    }
    #expect(listing.contains("root/root"), "files belong to root in the package")
    let control = try Shell.run("dpkg-deb -f '\(deb)' Package Version Architecture").output
    #expect(control.contains("Package: foliotell") && control.contains("Architecture: \(arch)"), "\(control)")
  }

  @Test(arguments: architectures) func theBinaryIsStrippedForItsProcessorAndAtMost30Megabytes(arch: String) throws {
    guard Self.canBuild else { return }
    let deb = try deb(arch)
    let folder = Shell.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try #require(try Shell.run("dpkg-deb -x '\(deb)' '\(folder)'").status == 0)
    let binary = folder + "/usr/bin/foliotell"
    let size = try #require(try FileManager.default.attributesOfItem(atPath: binary)[.size] as? NSNumber).intValue
    #expect(size <= 30 << 20, "the binary is \(size) bytes")
    let file = try Shell.run("file '\(binary)'").output
    #expect(file.contains(arch == "arm64" ? "ARM aarch64" : "x86-64"), "\(file)")
    #expect(file.contains("stripped") && !file.contains("not stripped"), "\(file)")
    // Swift's own libraries are inside; only Debian's C and C++ libraries are linked.
    let needed = try Shell.run("readelf -d '\(binary)' | sed -n 's/.*(NEEDED).*\\[\\(.*\\)\\]/\\1/p'").output
    #expect(needed.contains("libespeak-ng.so.1") && needed.contains("libgpiod.so.3"), "\(needed)")
    #expect(!needed.contains("libswift") && !needed.contains("Foundation"), "\(needed)")
  }

  @Test(arguments: architectures) func dependsNamesTheDebian13PackageOfEveryLibraryAndTheFont(arch: String) throws {
    guard Self.canBuild else { return }
    let deb = try deb(arch)
    let depends = try Shell.run("dpkg-deb -f '\(deb)' Depends").output
    let folder = Shell.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try #require(try Shell.run("dpkg-deb -x '\(deb)' '\(folder)'").status == 0)
    let needed = try Shell.run("readelf -d '\(folder)/usr/bin/foliotell' | sed -n 's/.*(NEEDED).*\\[\\(.*\\)\\]/\\1/p'")
      .output.split(separator: "\n").map(String.init)
    try #require(!needed.isEmpty)
    let multiarch = arch == "arm64" ? "aarch64-linux-gnu" : "x86_64-linux-gnu"
    for library in needed where !library.hasPrefix("ld-linux") {
      // The owner in the build root, which has Debian 13's libraries of both architectures.
      let owner = try Shell.run(
        "scripts/build-root run -- sh -c 'dpkg -S /usr/lib/\(multiarch)/\(library) 2>/dev/null || dpkg -S /lib/\(multiarch)/\(library)' | head -1 | cut -d: -f1"
      ).output.trimmingCharacters(in: .whitespacesAndNewlines)
      try #require(!owner.isEmpty, "no Debian 13 package owns \(library)")
      #expect(
        depends.contains(owner + " ") || depends.contains(owner + ",") || depends.hasSuffix(owner),
        "Depends lacks \(owner) for \(library): \(depends)")
    }
    #expect(depends.contains("fonts-dejavu-core") && depends.contains("libgpiod3"), "\(depends)")
    // FFmpeg's libraries, opened when narration first plays, are depended on as if linked.
    let opened = try Shell.run(
      "strings -a '\(folder)/usr/bin/foliotell' | grep -E '^lib(avutil|avcodec|avformat|swresample)\\.so\\.[0-9]+$' | sort -u"
    ).output.split(separator: "\n").map(String.init)
    #expect(opened.count == 4, "\(opened)")
    for soname in opened {
      let package = soname.replacingOccurrences(of: ".so.", with: "")
      #expect(depends.contains(package), "Depends lacks \(package) for \(soname): \(depends)")
    }
  }

  /// amd64 here; the arm64 package is installed into an arm64 Debian 13 root made by mmdebstrap through
  /// qemu-user, and run there (`foliotell version`, `foliotell doctor`), by every arm64 image build
  /// (image/build), which the aarch64 boot test makes: an emulated mmdebstrap takes minutes, once is enough.
  @Test(arguments: ["amd64"]) func itInstallsIntoAScratchDebian13RootWithItsUserGroupsAndService(arch: String) throws {
    guard Self.canBuild else { return }
    guard Shell.has("mmdebstrap") else {
      print("PackageTests: skipped: mmdebstrap is not installed (image/packages.txt lists it; image/build installs it)")
      return
    }
    let deb = try deb(arch)
    let folder = Shell.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let name = URL(fileURLWithPath: deb).lastPathComponent
    let report = folder + "/report.txt"
    let command = """
      scripts/debian-13-sources > '\(folder)/sources' && \
      mmdebstrap --mode=unshare --variant=apt --architectures=\(arch) --quiet \
        --customize-hook='copy-in \(deb) /tmp' \
        --customize-hook='chroot "$1" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q /tmp/\(name)' \
        --customize-hook='chroot "$1" sh -c "foliotell version; id foliotell; readlink /etc/systemd/system/multi-user.target.wants/foliotell.service; stat -c %U /var/lib/foliotell; uname -m; foliotell doctor --config /etc/foliotell/config.json" > \(report) 2>&1 || true' \
        trixie '\(folder)/root.tar' '\(folder)/sources'
      """
    let result = try Shell.run(command)
    try #require(result.status == 0, "mmdebstrap failed:\n\(result.output.suffix(3000))")
    let text = try String(contentsOfFile: report, encoding: .utf8)
    print("PackageTests: \(arch) installed into a scratch Debian 13 root:\n\(text)")
    #expect(
      text.hasPrefix(
        try Shell.run(
          "sed -n 's/^public let foliotellVersion = \"\\(.*\\)\"$/\\1/p' Sources/FolioTellAppliance/Version.swift"
        ).output),
      "\(text)")
    #expect(text.contains(arch == "arm64" ? "aarch64" : "x86_64"), "\(text)")
    #expect(text.contains("(foliotell) groups=") && text.contains("(audio)") && text.contains("(gpio)"), "\(text)")
    #expect(text.contains("(i2c)") && text.contains("(input)"), "\(text)")
    #expect(text.contains("/lib/systemd/system/foliotell.service"), "\(text)")
    #expect(text.contains("ok   data: /var/lib/foliotell is writable"), "\(text)")
    #expect(text.contains("ok   fonts:"), "\(text)")
    #expect(text.contains("libgpiod 2."), "doctor names the GPIO library: \(text)")
  }
}
