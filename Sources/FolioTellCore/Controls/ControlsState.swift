/// The controls feature's state: what is held down, the key describer, and what the knob moves by.
public struct ControlsState: Equatable, Sendable, Codable {
  /// Controls held down past the long-press time (BACK and MENU together make the key describer's chord).
  public var held = HeldControls()
  /// The key describer, while it is on: each press says what the control does instead of doing it.
  public var describer: KeyDescriber?
  /// What a detent of the knob moves by, turned, and turned while pushed in.
  public var knob = KnobUnit.sentence
  public var pushedKnob = KnobUnit.paragraph

  public init() {}
}
