/// Controls held past the long-press time, for the one chord the box knows: BACK and MENU held together
/// for `chordSeconds` toggle the key describer. Pure bookkeeping on the gestures the decoders report (a
/// long press, repeats while held, the release), so a trace replays it.
public struct HeldControls: Equatable, Sendable, Codable {
  /// How long both must be held, counted from the press (the long press fires at 0.6 s of that).
  public static let chordSeconds = 2.0
  public static let longPressSeconds = 0.6

  public var held: Set<ControlName> = []
  /// When both chord controls were first held together.
  public var chordSince: Double?
  /// The chord fired while these were held (it fires once per hold).
  public var chordFired = false
  /// Both were held together at some point of these presses, whether or not the chord fired: their own
  /// release actions (undo on BACK's) do not act.
  public var heldTogether = false

  public init() {}

  static let chord: Set<ControlName> = [.back, .menu]

  /// Follows one gesture; true when the chord completes with it.
  mutating func follow(control: ControlName, gesture: Gesture, at time: Double) -> Bool {
    guard Self.chord.contains(control) else { return false }
    switch gesture {
    case .long:
      held.insert(control)
      if held.isSuperset(of: Self.chord), chordSince == nil {
        chordSince = time
        heldTogether = true
      }
    case .release:
      held.remove(control)
      chordSince = nil
    case .short, .repeatWhileHeld:
      break
    }
    guard let since = chordSince, !chordFired,
      time - since >= Self.chordSeconds - Self.longPressSeconds
    else { return false }
    chordFired = true
    return true
  }

  /// After a release has been handled: once nothing of the chord is held, the next holds start afresh.
  mutating func settle() {
    if held.isDisjoint(with: Self.chord) {
      chordFired = false
      heldTogether = false
    }
  }
}
