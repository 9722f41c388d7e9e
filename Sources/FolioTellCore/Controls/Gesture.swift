/// What a person did with a button, as the decoders tell it.
public enum Gesture: String, Equatable, Sendable, Codable {
  /// Pressed and let go before the long-press time.
  case short
  /// Held for the long-press time: fires while still held.
  case long
  /// Still held after a long press: fires again at the repeat interval (fast seeking).
  case repeatWhileHeld = "repeat"
  /// Let go after a long press.
  case release
}
