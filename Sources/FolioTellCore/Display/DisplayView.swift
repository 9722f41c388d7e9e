/// What the listener chose for the display, and when a control was last used. It is part of the root
/// state, fed by the same control events, so a trace replays the display too, with its dimming and
/// darkness (`DisplayTimers`).
public struct DisplayView: Equatable, Sendable, Codable {
  public enum Mode: String, Equatable, Sendable, Codable {
    case reading
    case bigWord = "big word"
  }

  /// Lit, dimmed after a while without a control, dark after a longer while.
  public enum Light: String, Equatable, Sendable, Codable {
    case bright, dimmed, dark
  }

  public var mode: Mode = .reading
  public var light = Light.bright
  public var night = false
  /// When a control was last used: the display dims and goes dark counting from it.
  public var lastInput: Double = 0
  /// When the status was asked for (a long MENU); it shows until `DisplayTiming.statusFor` has passed.
  public var statusRequestedAt: Double?
  /// The sleep timer ended reading: dark until a control is used.
  public var asleep = false
  /// The listener switched the display off in the menu (it stays dark; everything is heard).
  public var isOff = false
  /// The reading view's text size, chosen in the menu.
  public var textSize = TextSize.normal
  /// When the display dims, goes dark and ends the status; nil (a box with no display, as a new state is
  /// until the composition gives it one) runs none of these timers.
  public var timing: DisplayTiming?

  public init(mode: Mode = .reading, night: Bool = false, lastInput: Double = 0, statusRequestedAt: Double? = nil) {
    self.mode = mode
    self.night = night
    self.lastInput = lastInput
    self.statusRequestedAt = statusRequestedAt
  }
}
