import FolioTellCore

/// Bedside behaviour, set in the config. Times in seconds.
public struct DisplaySettings: Equatable, Sendable {
  /// Without input for this long, the display dims.
  public var dimAfter: Double = 30
  /// Without input for this long, it switches off (0: never).
  public var offAfter: Double = 120
  /// Brightness (the controllers' contrast, 0 to 255): normal, dimmed, and in night mode.
  public var brightness: UInt8 = 0xCF
  public var dimBrightness: UInt8 = 0x20
  public var nightBrightness: UInt8 = 0x01
  /// How long BACK shows the status before the reading view returns.
  public var statusFor: Double = 5

  public init() {}
}

/// /// What the display should be doing at a moment: which view, how bright, or off. It follows from the
/// listener's choices in the root state (`DisplayView`, changed only by the root reducer), the bedside
/// settings and the time, so it needs no store of its own.
public struct DisplayState: Equatable, Sendable {
  public typealias View = DisplayView.Mode

  public enum Power: Equatable, Sendable {
    case on(brightness: UInt8)
    case off
  }

  public let choices: DisplayView
  public let settings: DisplaySettings
  public let power: Power

  public init(_ choices: DisplayView = DisplayView(), settings: DisplaySettings = DisplaySettings(), at time: Double) {
    self.choices = choices
    self.settings = settings
    let idle = time - choices.lastInput
    if choices.asleep || choices.isOff || (settings.offAfter > 0 && idle >= settings.offAfter) {
      power = .off
    } else if choices.night {
      power = .on(brightness: settings.nightBrightness)
    } else if idle >= settings.dimAfter {
      power = .on(brightness: min(settings.dimBrightness, settings.brightness))
    } else {
      power = .on(brightness: settings.brightness)
    }
  }

  public var view: View { choices.mode }
  public var night: Bool { choices.night }

  /// The status shows until then (asked for with a long MENU).
  public var statusUntil: Double? { choices.statusRequestedAt.map { $0 + settings.statusFor } }

  /// Whether the status view is showing at `time`.
  public func showsStatus(at time: Double) -> Bool { statusUntil.map { time < $0 } ?? false }

  /// When something changes next without input (the dim, the switch-off, the status ending); nil: never.
  public func nextChange(after time: Double) -> Double? {
    var moments: [Double] = []
    if choices.asleep || choices.isOff { return nil }
    if let until = statusUntil, until > time { moments.append(until) }
    let dim = choices.lastInput + settings.dimAfter
    if !choices.night, dim > time { moments.append(dim) }
    let off = choices.lastInput + settings.offAfter
    if settings.offAfter > 0, off > time { moments.append(off) }
    return moments.min()
  }
}
