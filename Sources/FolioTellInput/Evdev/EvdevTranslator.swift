import FolioTellControls

/// What an input device's events mean for the box: keys pressed and let go, and turns.
public enum DeviceInput: Equatable, Sendable {
  case key(control: String, down: Bool, time: Double)
  case turn(control: String, steps: Int, time: Double)
}

/// Input events to the box's controls. Keys through the key map (autorepeat from the kernel is ignored:
/// holding is timed by the gesture rules, the same for every input). Relative axes (the rotary-encoder
/// driver, a mouse wheel or dial) and absolute ones (the rotary-encoder driver without `linux,relative-axis`)
/// turn the encoder.
public struct EvdevTranslator: Sendable {
  public var keys: [UInt16: String]
  /// Last value of each absolute axis, to turn positions into steps.
  private var absolute: [UInt16: Int32] = [:]

  public static let turningRelativeAxes: Set<UInt16> = [0x00, 0x06, 0x07, 0x08]  // REL_X, REL_HWHEEL, REL_DIAL, REL_WHEEL

  public init(keys: [UInt16: String] = KeyNames.defaultMap) {
    self.keys = keys
  }

  public mutating func translate(_ event: InputEvent) -> DeviceInput? {
    switch event.type {
    case InputEvent.key:
      guard let control = keys[event.code], event.value != 2 else { return nil }
      return .key(control: control, down: event.value != 0, time: event.time)
    case InputEvent.relative where Self.turningRelativeAxes.contains(event.code) && event.value != 0:
      return .turn(control: ControlName.encoder, steps: Int(event.value), time: event.time)
    case InputEvent.absolute where event.code == 0:
      defer { absolute[event.code] = event.value }
      guard let last = absolute[event.code], last != event.value else { return nil }
      return .turn(control: ControlName.encoder, steps: Int(event.value - last), time: event.time)
    default:
      return nil
    }
  }
}
