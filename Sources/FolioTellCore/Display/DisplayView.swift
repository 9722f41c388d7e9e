/// What the listener chose for the display, and when a control was last used. It is part of the root
/// state, fed by the same control events, so a trace replays the display too; how bright the panel is
/// (dimmed, dark) follows from it and the time.
public struct DisplayView: Equatable, Sendable, Codable {
  public enum Mode: String, Equatable, Sendable, Codable {
    case reading
    case bigWord = "big word"
  }

  public var mode: Mode = .reading
  public var night = false
  /// When a control was last used: the display dims and goes dark counting from it.
  public var lastInput: Double = 0
  /// When the status was asked for (a long MENU); it shows for the display's `statusFor` seconds.
  public var statusRequestedAt: Double?
  /// The sleep timer ended reading: dark until a control is used.
  public var asleep = false
  /// The listener switched the display off in the menu (it stays dark; everything is heard).
  public var isOff = false
  /// The reading view's text size, chosen in the menu.
  public var textSize = TextSize.normal

  public init(mode: Mode = .reading, night: Bool = false, lastInput: Double = 0, statusRequestedAt: Double? = nil) {
    self.mode = mode
    self.night = night
    self.lastInput = lastInput
    self.statusRequestedAt = statusRequestedAt
  }
}
