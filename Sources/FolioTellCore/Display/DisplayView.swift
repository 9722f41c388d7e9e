/// What the listener chose for the display, and when a control was last used. It is part of the root
/// state, fed by the same control events, so a trace replays the display too; how bright the panel is
/// (dimmed, dark) follows from it and the time.
public struct DisplayView: Equatable, Sendable {
  public enum Mode: String, Equatable, Sendable {
    case reading
    case bigWord = "big word"
  }

  public var mode: Mode = .reading
  public var night = false
  /// When a control was last used: the display dims and goes dark counting from it.
  public var lastInput: Double = 0
  /// When the status was asked for (a long MENU); it shows for the display's `statusFor` seconds.
  public var statusRequestedAt: Double?

  public init(mode: Mode = .reading, night: Bool = false, lastInput: Double = 0, statusRequestedAt: Double? = nil) {
    self.mode = mode
    self.night = night
    self.lastInput = lastInput
    self.statusRequestedAt = statusRequestedAt
  }

  /// Every control wakes the display. While reading, BACK toggles the big word, a long BACK night mode,
  /// and a long MENU asks for the status; in the menu the controls only wake it.
  public static func reduce(_ view: DisplayView, control: String, gesture: Gesture, mode: ControlMode, at time: Double)
    -> DisplayView
  {
    var next = view
    next.lastInput = time
    guard mode == .reading else { return next }
    switch (control, gesture) {
    case (ControlName.back, .short): next.mode = view.mode == .reading ? .bigWord : .reading
    case (ControlName.back, .long): next.night.toggle()
    case (ControlName.menu, .long): next.statusRequestedAt = time
    default: break
    }
    return next
  }
}
