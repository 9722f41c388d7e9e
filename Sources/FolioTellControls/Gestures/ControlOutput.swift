import FolioTellCore

/// One decoded control: a button's gesture or an encoder's turn, at the time of the edge that decided it
/// (seconds, on the kernel's clock of the edges).
public struct ControlOutput: Equatable, Sendable {
  public enum Action: Equatable, Sendable {
    case gesture(Gesture)
    /// Detents turned: positive clockwise, already multiplied by the acceleration curve.
    case turn(steps: Int)
    /// Turned while the knob's own button (ENCODER_PUSH) was held down.
    case pushedTurn(steps: Int)
  }

  public var time: Double
  public var control: ControlName
  public var action: Action

  public init(time: Double, control: ControlName, action: Action) {
    self.time = time
    self.control = control
    self.action = action
  }
}

extension ControlOutput {
  /// The root reducer's event for this control: a button's gesture, or the knob's detents. A turn of
  /// an encoder given another name than ENCODER has no meaning for the box.
  public var boxEvent: BoxEvent? {
    switch action {
    case .gesture(let gesture): return .control(name: control, gesture: gesture)
    case .turn(let steps): return control == ControlName.encoder && steps != 0 ? .encoder(steps: steps) : nil
    case .pushedTurn(let steps):
      return control == ControlName.encoder && steps != 0 ? .encoderPushed(steps: steps) : nil
    }
  }
}
