import FolioTellControls

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

/// What the display should be doing: which view, how bright, or off. A pure reducer: controls and the
/// passing of time go in, the new state comes out, and the panel is set from it.
public struct DisplayState: Equatable, Sendable {
  public enum View: String, Equatable, Sendable {
    case reading
    case bigWord = "big word"
  }

  public enum Power: Equatable, Sendable {
    case on(brightness: UInt8)
    case off
  }

  public private(set) var view: View = .reading
  public private(set) var night = false
  public private(set) var lastInput: Double
  /// The status shows until then (BACK pressed).
  public private(set) var statusUntil: Double?
  public private(set) var power: Power
  public let settings: DisplaySettings

  public init(settings: DisplaySettings = DisplaySettings(), at time: Double = 0) {
    self.settings = settings
    lastInput = time
    power = .on(brightness: settings.brightness)
  }

  public enum Event: Equatable, Sendable {
    /// Any control while reading: wakes the display; some also change the view.
    case control(ControlOutput)
    /// A control used in the menu: it only wakes the display.
    case wake(Double)
    /// Time passed (the display's clock tick).
    case tick(Double)
  }

  /// The controls the display answers while reading: BACK toggles the big word, a long BACK night mode,
  /// a long MENU shows the status for a few seconds. Every control wakes a dimmed or dark display (and
  /// still does what it does for reading: the box is used by ear first).
  public static func reduce(_ state: DisplayState, _ event: Event) -> DisplayState {
    var next = state
    switch event {
    case .control(let output):
      next.lastInput = output.time
      switch (output.control, output.action) {
      case (ControlName.back, .gesture(.short)): next.view = state.view == .reading ? .bigWord : .reading
      case (ControlName.back, .gesture(.long)): next.night.toggle()
      case (ControlName.menu, .gesture(.long)): next.statusUntil = output.time + state.settings.statusFor
      default: break
      }
      next.power = next.brightnessNow(at: output.time)
    case .wake(let time):
      next.lastInput = time
      next.power = next.brightnessNow(at: time)
    case .tick(let time):
      if let until = next.statusUntil, time >= until { next.statusUntil = nil }
      next.power = next.brightnessNow(at: time)
    }
    return next
  }

  /// Whether the status view is showing at `time`.
  public func showsStatus(at time: Double) -> Bool { statusUntil.map { time < $0 } ?? false }

  /// When something changes next without input (the dim, the switch-off, the status ending); nil: never.
  public func nextChange(after time: Double) -> Double? {
    var moments: [Double] = []
    if let until = statusUntil, until > time { moments.append(until) }
    let dim = lastInput + settings.dimAfter
    if !night, dim > time { moments.append(dim) }
    if settings.offAfter > 0, lastInput + settings.offAfter > time { moments.append(lastInput + settings.offAfter) }
    return moments.min()
  }

  private func brightnessNow(at time: Double) -> Power {
    let idle = time - lastInput
    if settings.offAfter > 0, idle >= settings.offAfter { return .off }
    if night { return .on(brightness: settings.nightBrightness) }
    if idle >= settings.dimAfter { return .on(brightness: min(settings.dimBrightness, settings.brightness)) }
    return .on(brightness: settings.brightness)
  }
}
