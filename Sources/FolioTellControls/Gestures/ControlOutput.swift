/// What a person did with a control, as the decoders tell it.
public enum Gesture: String, Equatable, Sendable {
  /// Pressed and let go before the long-press time.
  case short
  /// Held for the long-press time: fires while still held.
  case long
  /// Still held after a long press: fires again at the repeat interval (fast seeking).
  case repeatWhileHeld = "repeat"
  /// Let go after a long press.
  case release
}

/// One decoded control: a button's gesture or an encoder's turn, at the time of the edge that decided it
/// (seconds, on the kernel's clock of the edges).
public struct ControlOutput: Equatable, Sendable {
  public enum Action: Equatable, Sendable {
    case gesture(Gesture)
    /// Detents turned: positive clockwise, already multiplied by the acceleration curve.
    case turn(steps: Int)
  }

  public var time: Double
  public var control: String
  public var action: Action

  public init(time: Double, control: String, action: Action) {
    self.time = time
    self.control = control
    self.action = action
  }
}
