import FolioTellCore
import FolioTellSystem
import FoundationEssentials
import Glibc

/// The system side of updates: where bundles are, what RAUC says of them, the slot the box booted, the
/// record kept across the restart. Paths are given so tests run it on folders and a stand-in for `rauc`.
struct UpdateSystem: Sendable {
  /// RAUC's command line, and options it is given first (a test's `--conf=`).
  var rauc = "rauc"
  var raucOptions: [String] = []
  /// RAUC's configuration: its `compatible` is the kind of box bundles must be made for.
  var configuration = "/etc/rauc/system.conf"
  /// Where drives are mounted.
  var mediaRoot = "/media"
  /// The kernel's command line: `rauc.slot=` names the slot booted.
  var commandLine = "/proc/cmdline"
  /// The version of the system in the slot booted (image/build writes it).
  var versionFile = "/usr/lib/foliotell/system-version"
  /// Kept on the data partition between the installation and the restart: which version went into which slot.
  var pendingFile: String
  /// Made to ask systemd for the restart.
  var restartFile: String

  enum Check: Equatable {
    case offer(UpdateOffer)
    case refused(UpdateRefusal, why: String)
  }

  struct Failure: Error, Equatable {
    var reason: String
  }

  /// The system as the box's image sets it up; nil where RAUC is not (a desktop, the simulator).
  static func installed(dataDirectory: String?, runtimeDirectory: String?) -> UpdateSystem? {
    guard let dataDirectory, let runtimeDirectory, access("/etc/rauc/system.conf", R_OK) == 0,
      access("/usr/bin/rauc", X_OK) == 0
    else { return nil }
    return UpdateSystem(pendingFile: dataDirectory + "/update-pending", restartFile: runtimeDirectory + "/restart")
  }

  /// The `compatible` of RAUC's configuration.
  var compatible: String? { Self.value(of: "compatible", in: (try? String(contentsOfFile: configuration, encoding: .utf8)) ?? "") }

  /// The version the booted slot runs.
  var runningVersion: String? {
    (try? String(contentsOfFile: versionFile, encoding: .utf8)).map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The slot booted (`foliotell-a`, `foliotell-b`).
  var bootedSlot: String? {
    let line = (try? String(contentsOfFile: commandLine, encoding: .utf8)) ?? ""
    return line.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix("rauc.slot=") }
      .map { String($0.dropFirst("rauc.slot=".count)) }
  }

  /// The slot an update goes into: the one not booted.
  var otherSlot: String? {
    switch bootedSlot {
    case "foliotell-a": return "foliotell-b"
    case "foliotell-b": return "foliotell-a"
    default: return nil
    }
  }

  /// The `.raucb` files at the top of each drive and of each folder at its top (`/media/usb-sda1/x.raucb`,
  /// `/media/usb-sda1/updates/x.raucb`), sorted.
  func bundlesOnDrives() -> [String] {
    var found: [String] = []
    for drive in (try? FileManager.default.contentsOfDirectory(atPath: mediaRoot)) ?? [] {
      let root = mediaRoot + "/" + drive
      for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
        let path = root + "/" + name
        if name.hasSuffix(".raucb") {
          found.append(path)
        } else if Self.isFolder(path) {
          for inner in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where inner.hasSuffix(".raucb") {
            found.append(path + "/" + inner)
          }
        }
      }
    }
    return found.sorted()
  }

  /// What RAUC says of a bundle: its signature checked against the image's keyring, its manifest read.
  func check(_ path: String) -> Check {
    let result: Subprocess.Result
    do {
      result = try Subprocess.run(rauc, raucOptions + ["info", "--output-format=json", path]) { _ in }
    } catch {
      return .refused(.unreadable, why: "\(rauc) did not run: \(error)")
    }
    let lines = result.output.split(separator: "\n").map(String.init)
    guard result.status == 0, let json = lines.last(where: { $0.hasPrefix("{") }),
      let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(json.utf8))
    else {
      let why = Self.reason(in: result.output) ?? "rauc info failed (exit \(result.status.map(String.init) ?? "by a signal"))"
      let signature = why.lowercased().contains("signature") || why.lowercased().contains("certificate")
      return .refused(signature ? .notSigned : .unreadable, why: why)
    }
    if let compatible, manifest.compatible != compatible {
      return .refused(.otherBox, why: "it is made for \(manifest.compatible), and this box is \(compatible)")
    }
    return .offer(UpdateOffer(version: manifest.version, path: path))
  }

  /// Installs through the RAUC service; `progress` hears each percentage RAUC prints. On success the
  /// version and the slot it went into are kept for the next start.
  func install(_ path: String, progress: (Int) -> Void) -> Result<String, Failure> {
    guard case .offer(let offer) = check(path) else {
      return .failure(Failure(reason: "the bundle can no longer be read from the stick"))
    }
    let result: Subprocess.Result
    do {
      result = try Subprocess.run(rauc, raucOptions + ["install", path]) { line in
        if let percent = Self.percent(in: line) { progress(percent) }
      }
    } catch {
      return .failure(Failure(reason: "\(rauc) did not run: \(error)"))
    }
    guard result.status == 0 else {
      return .failure(Failure(reason: Self.reason(in: result.output) ?? "rauc install failed"))
    }
    let pending = Pending(version: offer.version, slot: otherSlot ?? "")
    do {
      try JSONEncoder().encode(pending).write(to: URL(fileURLWithPath: pendingFile), options: .atomic)
    } catch {
      // Installed all the same: only what is said after the restart is lost.
      return .success(offer.version)
    }
    return .success(offer.version)
  }

  /// Asks for the restart.
  func requestRestart() {
    try? Data("restart\n".utf8).write(to: URL(fileURLWithPath: restartFile))
  }

  /// The update installed before this start, if any: the slot booted is the one it went into, or it is
  /// not (the boot loader fell back). Taken once: the record is removed.
  func takeOutcome() -> UpdateOutcome? {
    guard let data = FileManager.default.contents(atPath: pendingFile) else { return nil }
    unlink(pendingFile)
    guard let pending = try? JSONDecoder().decode(Pending.self, from: data) else { return nil }
    if let booted = bootedSlot, booted == pending.slot {
      return .updated(version: runningVersion ?? pending.version)
    }
    return .fellBack(version: pending.version)
  }

  struct Manifest: Decodable {
    var compatible: String
    var version: String
  }

  struct Pending: Codable {
    var version: String
    var slot: String
  }

  /// "  42% Copying image to rootfs.1" -> 42.
  static func percent(in line: String) -> Int? {
    let trimmed = line.drop { $0 == " " }
    guard let sign = trimmed.firstIndex(of: "%") else { return nil }
    return Int(trimmed[..<sign])
  }

  /// RAUC's own words for what went wrong: its last line that is not progress or a plain message.
  static func reason(in output: String) -> String? {
    let lines = output.split(separator: "\n").map { Self.trimmed(String($0)) }.filter { !$0.isEmpty }
    let meaningful = lines.filter { percent(in: $0) == nil && !$0.contains("-Message:") && $0 != "idle" }
    guard let last = meaningful.last else { return nil }
    return last.hasPrefix("LastError: ") ? String(last.dropFirst("LastError: ".count)) : last
  }

  static func trimmed(_ text: String) -> String {
    String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }

  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  static func value(of key: String, in configuration: String) -> String? {
    configuration.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
  }
}
