import FolioTellControls
import FolioTellCore

/// What an input device's events mean for the box: keys pressed and let go, and turns.
public enum DeviceInput: Equatable, Sendable {
  case key(control: ControlName, down: Bool, time: Double)
  case turn(control: ControlName, steps: Int, time: Double)
}

/// Input events to the box's controls. Keys through the key map (autorepeat from the kernel is ignored:
/// holding is timed by the gesture rules, the same for every input). Relative axes (the rotary-encoder
/// driver, a mouse wheel or dial) and absolute ones (the rotary-encoder driver without `linux,relative-axis`)
/// turn the encoder.
///
/// One translator per device: a device that is a pointer (it also has a Y axis: a mouse, a touchpad, a
/// touchscreen) moves no encoder with its X axis, and an absolute encoder's position wraps at its range
/// (the kernel's `rotary-encoder` driver counts 0 to steps-1 and round again).
public struct EvdevTranslator: Sendable {
  public var keys: [UInt16: ControlName]
  /// Whether X axes turn the encoder (false for pointers).
  public var xAxisTurns: Bool
  /// The absolute X axis's range, when the device has one, for wrapping.
  public var absoluteRange: ClosedRange<Int32>?
  /// Last value of the absolute X axis, to turn positions into steps.
  private var absolute: Int32?

  public static let turningRelativeAxes: Set<UInt16> = [0x00, 0x06, 0x07, 0x08]  // REL_X, REL_HWHEEL, REL_DIAL, REL_WHEEL

  public init(
    keys: [UInt16: ControlName] = KeyNames.defaultMap, xAxisTurns: Bool = true, absoluteRange: ClosedRange<Int32>? = nil
  ) {
    self.keys = keys
    self.xAxisTurns = xAxisTurns
    self.absoluteRange = absoluteRange
  }

  public mutating func translate(_ event: InputEvent) -> DeviceInput? {
    switch event.type {
    case InputEvent.key:
      guard let control = keys[event.code], event.value != 2 else { return nil }
      return .key(control: control, down: event.value != 0, time: event.time)
    case InputEvent.relative where Self.turningRelativeAxes.contains(event.code) && event.value != 0:
      if event.code == 0, !xAxisTurns { return nil }
      return .turn(control: ControlName.encoder, steps: Int(event.value), time: event.time)
    case InputEvent.absolute where event.code == 0 && xAxisTurns:
      defer { absolute = event.value }
      guard let last = absolute, last != event.value else { return nil }
      var steps = Int(event.value) - Int(last)
      // Past the end of the range and round again: the short way is the real turn.
      if let range = absoluteRange {
        let span = Int(range.upperBound) - Int(range.lowerBound) + 1
        if steps > span / 2 { steps -= span } else if steps < -span / 2 { steps += span }
      }
      return .turn(control: ControlName.encoder, steps: steps, time: event.time)
    default:
      return nil
    }
  }
}
