import FolioTellJSON
import FolioTellViews
import FoundationEssentials
import Glibc

/// The display as the board file and config describe it, and the command line overrides.
public struct DisplaySetup: Equatable, Sendable {
  public enum Output: Equatable, Sendable {
    case none
    case panel(PanelConfig)
    case png(folder: String)
    case terminal
  }

  public var output: Output = .none
  public var panel = PanelConfig()
  public var fonts = FreeTypeFace.defaultPaths
  public var sizes = TextSizes()
  public var settings = DisplaySettings()

  public init() {}

  /// The `display` sections of the files, in order (a board file, then a config).
  public static func load(files: [String]) throws(ConfigError) -> DisplaySetup {
    var setup = DisplaySetup()
    for file in files {
      let root = try readConfigObject(file)
      try setup.apply(root, file: file)
    }
    return setup
  }

  mutating func apply(_ root: [String: Any], file: String) throws(ConfigError) {
    let reader = JSONFields(file: file)
    guard let display = try reader.object(root, "display", at: "") else { return }
    let place = "display"
    if let bus = try reader.string(display, "bus", at: place) { panel.bus = bus }
    if let address = display["address"] {
      let value = (address as? Double).flatMap { Int(exactly: $0) } ?? (address as? String).flatMap { Self.number($0) }
      guard let value, value == 0x3C || value == 0x3D else {
        throw reader.error("display.address", "must be \"0x3C\" or \"0x3D\" (the two addresses these modules have)")
      }
      panel.address = value
    }
    if let height = try reader.number(display, "height", at: place, in: 32...64) {
      guard height == 32 || height == 64 else { throw reader.error("display.height", "must be 64 or 32") }
      panel.height = Int(height)
    }
    if let rotated = try reader.bool(display, "rotate180", at: place) { panel.rotated180 = rotated }
    if let inverse = try reader.bool(display, "inverse", at: place) { panel.inverse = inverse }
    if let controller = try reader.string(display, "controller", at: place) {
      guard let known = PanelConfig.Controller(rawValue: controller) else {
        throw reader.error("display.controller", "must be \"ssd1306\" (0.96\" modules) or \"sh1106\" (1.3\" modules)")
      }
      panel.controller = known
      if output == .none { output = .panel(panel) }
    }
    if let enabled = try reader.bool(display, "enabled", at: place) { output = enabled ? .panel(panel) : .none }
    if let font = display["font"] {
      let paths = (font as? String).map { [$0] } ?? (font as? [String])
      guard let paths, !paths.isEmpty else {
        throw reader.error("display.font", "must be a font file, or a list of them")
      }
      fonts = paths
    }
    let reading = try reader.number(display, "readingSize", at: place, in: 12...48).map(Int.init) ?? sizes.reading
    let largest = try reader.number(display, "largestSize", at: place, in: 12...48).map(Int.init) ?? sizes.largest
    let small = try reader.number(display, "smallSize", at: place, in: 12...48).map(Int.init) ?? sizes.small
    sizes = TextSizes(reading: reading, largest: largest, small: small)
    if let seconds = try reader.number(display, "dimAfterSeconds", at: place, in: 1...86_400) {
      settings.timing.dimAfter = seconds
    }
    if let seconds = try reader.number(display, "offAfterSeconds", at: place, in: 0...86_400) {
      settings.timing.offAfter = seconds
    }
    if let value = try reader.number(display, "brightness", at: place, in: 0...255) {
      settings.brightness = UInt8(value)
    }
    if let value = try reader.number(display, "dimBrightness", at: place, in: 0...255) {
      settings.dimBrightness = UInt8(value)
    }
    if let value = try reader.number(display, "nightBrightness", at: place, in: 0...255) {
      settings.nightBrightness = UInt8(value)
    }
    if case .panel = output { output = .panel(panel) }
  }

  static func number(_ text: String) -> Int? {
    text.lowercased().hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : Int(text)
  }

  /// `--display SPEC`: `none`, `terminal`, `png:FOLDER`, `ssd1306` or `sh1106` (optionally
  /// `:BUS[:ADDRESS]`, as in `sh1106:/dev/i2c-3:0x3d`).
  public mutating func apply(commandLine spec: String) throws(ConfigError) {
    let parts = spec.split(separator: ":", maxSplits: 2).map(String.init)
    let problem = ConfigError(
      file: "--display \(spec)",
      reason: "use none, terminal, png:FOLDER, ssd1306 or sh1106 (optionally :/dev/i2c-N:0x3C or 0x3D)")
    switch parts.first {
    case "none": output = .none
    case "terminal": output = .terminal
    case "png":
      guard parts.count >= 2, !parts[1].isEmpty else { throw problem }
      output = .png(folder: spec.dropFirst(4).description)
    case "ssd1306", "sh1106":
      panel.controller = PanelConfig.Controller(rawValue: parts[0])!
      if parts.count >= 2 { panel.bus = parts[1] }
      if parts.count == 3 {
        guard let address = Self.number(parts[2]), address == 0x3C || address == 0x3D else { throw problem }
        panel.address = address
      }
      output = .panel(panel)
    default: throw problem
    }
  }
}
