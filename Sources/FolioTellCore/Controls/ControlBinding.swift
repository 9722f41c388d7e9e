/// A gesture of a named control bound to what it does in a mode.
public struct ControlBinding: Equatable, Sendable, Codable {
  public var control: ControlName
  public var gestures: [Gesture]
  public var action: ControlAction

  public init(_ control: ControlName, _ gestures: [Gesture], _ action: ControlAction) {
    self.control = control
    self.gestures = gestures
    self.action = action
  }
}
