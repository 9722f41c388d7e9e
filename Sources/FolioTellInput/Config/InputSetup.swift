import FolioTellJSON
import FolioTellControls
import FolioTellCore
import FoundationEssentials
import Glibc

/// Everything the box needs to know about its controls: the GPIO wiring, the input devices and their keys.
/// Read from a board file (`board/NAME.json`, each board's default wiring) and then a config file, whose
/// sections replace the board's.
public struct InputSetup: Equatable, Sendable {
  public var boardName: String?
  /// Where the wiring came from, for error messages ("board/raspberry-pi.json").
  public var sources: [String] = []
  public var wiring = ControlWiring(chip: "gpiochip0")
  public var inputDevices = "/dev/input"
  public var grabDevices = true
  /// evdev key codes -> controls.
  public var keys: [UInt16: ControlName] = KeyNames.defaultMap
  /// Timing for keys of input devices (their drivers debounce; long and repeat come from here).
  public var keyTiming = ButtonTiming(debounce: 0)

  public init() {}

  public var sourceDescription: String {
    sources.isEmpty ? "the built-in defaults" : sources.joined(separator: " and ")
  }
}

/// A mistake in a board or config file (the shared config error).
public typealias InputSetupError = ConfigError

extension InputSetup {
  /// Folders searched for `NAME.json` when a board is named: `$FOLIOTELL_BOARDS`, the installed ones, and
  /// `board/` in the current folder or above the program (a checkout of the project).
  public static func boardFolders(executable: String = CommandLine.arguments[0]) -> [String] {
    var folders: [String] = []
    if let custom = ProcessInfo.processInfo.environment["FOLIOTELL_BOARDS"] { folders.append(custom) }
    folders += ["/etc/foliotell/board", "/usr/share/foliotell/board"]
    for start in [
      FileManager.default.currentDirectoryPath, URL(fileURLWithPath: executable).deletingLastPathComponent().path,
    ] {
      var folder = URL(fileURLWithPath: start)
      for _ in 0..<6 {
        folders.append(folder.appendingPathComponent("board").path)
        folder.deleteLastPathComponent()
      }
    }
    return folders
  }

  public static func boardPath(named name: String, folders: [String] = boardFolders()) throws(InputSetupError) -> String
  {
    if name.hasSuffix(".json") || name.contains("/") { return name }
    for folder in folders {
      let path = folder + "/" + name + ".json"
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    let known = Set(folders.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] })
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    throw InputSetupError(
      file: name + ".json",
      reason:
        "no such board; known boards: \(known.isEmpty ? "none found" : known.joined(separator: ", ")) (looked in \(folders.prefix(3).joined(separator: ", ")) and board/ of the project)"
    )
  }

  /// The board's file, then the config's sections on top.
  public static func load(board: String?, config: String?) throws(InputSetupError) -> InputSetup {
    var setup = InputSetup()
    if let board {
      let path = try boardPath(named: board)
      try setup.apply(file: path)
      setup.boardName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }
    if let config { try setup.apply(file: config) }
    if let line = setup.wiring.duplicateLine {
      throw InputSetupError(
        file: setup.sourceDescription, reason: "the line \(line) is given to two controls; give each line one control")
    }
    return setup
  }

  mutating func apply(file path: String) throws(InputSetupError) {
    try apply(try readConfigObject(path), file: path)
    sources.append(path)
  }

  mutating func apply(_ root: [String: Any], file: String) throws(InputSetupError) {
    let reader = JSONFields(file: file)
    if let gpio = try reader.object(root, "gpio", at: "") {
      if let chip = try reader.string(gpio, "chip", at: "gpio") { wiring.chip = chip }
      if let buttons = try reader.array(gpio, "buttons", at: "gpio") {
        wiring.buttons = try buttons.enumerated().map { (index, item) throws(InputSetupError) in
          let place = "gpio.buttons[\(index)]"
          guard let button = item as? [String: Any] else { throw reader.error(place, "must be an object") }
          var timing = ButtonTiming()
          if let ms = try reader.number(button, "debounceMs", at: place, in: 0...1000) { timing.debounce = ms / 1000 }
          if let ms = try reader.number(button, "longPressMs", at: place, in: 50...10_000) {
            timing.longPress = ms / 1000
          }
          if let ms = try reader.number(button, "repeatMs", at: place, in: 0...10_000) {
            timing.repeatInterval = ms / 1000
          }
          return ControlWiring.Button(
            control: try reader.control(button, at: place), line: try reader.required(button, "line", at: place),
            activeLow: try reader.bool(button, "activeLow", at: place) ?? true, timing: timing)
        }
      }
      if let encoders = try reader.array(gpio, "encoders", at: "gpio") {
        wiring.encoders = try encoders.enumerated().map { (index, item) throws(InputSetupError) in
          let place = "gpio.encoders[\(index)]"
          guard let encoder = item as? [String: Any] else { throw reader.error(place, "must be an object") }
          var timing = EncoderTiming()
          if let count = try reader.number(encoder, "transitionsPerDetent", at: place, in: 1...4) {
            guard [1, 2, 4].contains(Int(count)) else {
              throw reader.error(place + ".transitionsPerDetent", "must be 1, 2 or 4")
            }
            timing.transitionsPerDetent = Int(count)
          }
          timing.reversed = try reader.bool(encoder, "reversed", at: place) ?? false
          if let rules = try reader.array(encoder, "acceleration", at: place) {
            timing.acceleration = try rules.enumerated().map { (ruleIndex, rule) throws(InputSetupError) in
              let rulePlace = place + ".acceleration[\(ruleIndex)]"
              guard let rule = rule as? [String: Any],
                let within = try reader.number(rule, "withinMs", at: rulePlace, in: 1...2000),
                let steps = try reader.number(rule, "steps", at: rulePlace, in: 1...100)
              else { throw reader.error(rulePlace, "must be {\"withinMs\": 25, \"steps\": 4}") }
              return AccelerationRule(within: within / 1000, steps: Int(steps))
            }.sorted { $0.within < $1.within }
          }
          return ControlWiring.Encoder(
            control: try reader.control(encoder, at: place, default: ControlName.encoder),
            a: try reader.required(encoder, "a", at: place), b: try reader.required(encoder, "b", at: place),
            activeLow: try reader.bool(encoder, "activeLow", at: place) ?? true, timing: timing)
        }
      }
    }
    if let input = try reader.object(root, "input", at: "") {
      if let folder = try reader.string(input, "devices", at: "input") { inputDevices = folder }
      if let grab = try reader.bool(input, "grab", at: "input") { grabDevices = grab }
      if let ms = try reader.number(input, "longPressMs", at: "input", in: 50...10_000) {
        keyTiming.longPress = ms / 1000
      }
      if let ms = try reader.number(input, "repeatMs", at: "input", in: 0...10_000) {
        keyTiming.repeatInterval = ms / 1000
      }
      if let map = try reader.object(input, "keys", at: "input") {
        for (name, value) in map {
          guard let code = KeyNames.code(for: name) else {
            throw reader.error("input.keys.\(name)", "unknown key; use a name such as KEY_SPACE, BTN_LEFT or a number")
          }
          guard let control = value as? String else {
            throw reader.error("input.keys.\(name)", "must be a control name or \"\"")
          }
          if control.isEmpty {
            keys[code] = nil
          } else {
            guard let named = ControlName(rawValue: control) else {
              throw reader.error(
                "input.keys.\(name)", "unknown control '\(control)'; controls: \(ControlName.spelledOut)")
            }
            keys[code] = named
          }
        }
      }
    }
  }
}

extension JSONFields {
  func control(_ parent: [String: Any], at place: String, default fallback: ControlName? = nil)
    throws(InputSetupError) -> ControlName
  {
    guard let name = try string(parent, "control", at: place) ?? fallback?.rawValue else {
      throw error(place + ".control", "is missing")
    }
    guard let control = ControlName(rawValue: name) else {
      throw error(place + ".control", "unknown control '\(name)'; controls: \(ControlName.spelledOut)")
    }
    return control
  }
}
