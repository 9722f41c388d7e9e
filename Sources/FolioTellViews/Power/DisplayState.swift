import FolioTellCore

/// Bedside behaviour, set in the config.
public struct DisplaySettings: Equatable, Sendable {
  /// When it dims, goes dark and ends the status: the reducer's to decide, handed to it at start.
  public var timing = DisplayTiming()
  /// Brightness (the controllers' contrast, 0 to 255): normal, dimmed, and in night mode.
  public var brightness: UInt8 = 0xCF
  public var dimBrightness: UInt8 = 0x20
  public var nightBrightness: UInt8 = 0x01

  public init() {}
}

/// What the display shows and how bright: which view, the panel's brightness, or off. It follows from the
/// root state alone (`DisplayView`, whose dimming and darkness the reducer decides on its timers) and the
/// bedside brightness settings, so it needs no clock and no store of its own.
public struct DisplayState: Equatable, Sendable {
  public typealias View = DisplayView.Mode

  public enum Power: Equatable, Sendable {
    case on(brightness: UInt8)
    case off
  }

  public let choices: DisplayView
  public let settings: DisplaySettings
  public let power: Power

  public init(_ choices: DisplayView = DisplayView(), settings: DisplaySettings = DisplaySettings()) {
    self.choices = choices
    self.settings = settings
    if choices.asleep || choices.isOff || choices.light == .dark {
      power = .off
    } else if choices.night {
      power = .on(brightness: settings.nightBrightness)
    } else if choices.light == .dimmed {
      power = .on(brightness: min(settings.dimBrightness, settings.brightness))
    } else {
      power = .on(brightness: settings.brightness)
    }
  }

  public var view: View { choices.mode }
  public var night: Bool { choices.night }

  /// Whether the status a long MENU asked for is showing (until the reducer's `endStatus` timer).
  public var showsStatus: Bool { choices.statusRequestedAt != nil }
}
