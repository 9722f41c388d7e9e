/// The rates a listener may choose, in words per minute: one set of limits for the commands, the
/// controls, the menu and traces, so every recorded trace replays. 80 to 450 is espeak-ng's usual
/// range; faster is for experienced listeners.
public enum SpeechRate {
  public static let normal = 175
  public static let limits = 80...900
  /// What one FASTER or SLOWER press, and one item of the menu's Speed page, changes the rate by.
  public static let step = 25

  /// The rate within the limits: the one place a rate is clamped.
  public static func clamped(_ wpm: Int, within limits: ClosedRange<Int> = limits) -> Int {
    min(max(wpm, limits.lowerBound), limits.upperBound)
  }
}
