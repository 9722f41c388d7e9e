import FolioTellCore

/// All the box's buttons and encoders: raw line edges in, controls out. Pure.
public struct ControlDecoder: Equatable, Sendable {
  private var buttons: [String: ButtonDecoder] = [:]
  private var buttonActiveLow: [String: Bool] = [:]
  private var encoders: [ControlName: EncoderDecoder] = [:]
  /// Line name -> (encoder's control, is it line A, active low).
  private var encoderLines: [String: EncoderLine] = [:]
  /// Encoders that come as steps (an input device's knob or wheel): the last click, for acceleration.
  private var lastTurn: [ControlName: EncoderDecoder.Detent] = [:]
  private var encoderTimings: [ControlName: EncoderTiming] = [:]

  struct EncoderLine: Equatable, Sendable {
    var control: ControlName
    var isA: Bool
    var activeLow: Bool
  }

  public init(_ wiring: ControlWiring) {
    for button in wiring.buttons {
      buttons[button.line] = ButtonDecoder(control: button.control, timing: button.timing)
      buttonActiveLow[button.line] = button.activeLow
    }
    for encoder in wiring.encoders {
      encoders[encoder.control] = EncoderDecoder(control: encoder.control, timing: encoder.timing)
      encoderTimings[encoder.control] = encoder.timing
      encoderLines[encoder.a] = EncoderLine(control: encoder.control, isA: true, activeLow: encoder.activeLow)
      encoderLines[encoder.b] = EncoderLine(control: encoder.control, isA: false, activeLow: encoder.activeLow)
    }
  }

  /// Whether the wiring has this line.
  public func knows(line: String) -> Bool { buttons[line] != nil || encoderLines[line] != nil }

  /// The earliest moment a held or pending button needs `advance`; nil when idle (nothing to wake for).
  public var deadline: Double? { buttons.values.compactMap(\.deadline).min() }

  /// A raw edge: `line` is now at `level` (0 or 1, as the line reads, before active-low), at `time`.
  public mutating func edge(line: String, level: Int, at time: Double) -> [ControlOutput] {
    var outputs = advance(to: time)
    if let activeLow = buttonActiveLow[line] {
      outputs += buttons[line]!.edge(down: (level != 0) != activeLow, at: time)
    } else if let encoderLine = encoderLines[line] {
      let active = (level != 0) != encoderLine.activeLow
      outputs += pushed(encoders[encoderLine.control]!.edge(isA: encoderLine.isA, level: active, at: time))
    }
    return outputs
  }

  /// Turns made while the knob's push button is held are pushed turns, and that press gives no gesture.
  private mutating func pushed(_ outputs: [ControlOutput]) -> [ControlOutput] {
    guard outputs.contains(where: { if case .turn = $0.action { return true } else { return false } }),
      let line = buttons.keys.sorted().first(where: {
        buttons[$0]!.control == ControlName.encoderPush && buttons[$0]!.isHeld
      })
    else { return outputs }
    buttons[line]!.consume()
    return outputs.map { output in
      guard case .turn(let steps) = output.action else { return output }
      return ControlOutput(time: output.time, control: output.control, action: .pushedTurn(steps: steps))
    }
  }

  /// Where a line rests when the box starts (read from the line): an encoder counts its clicks from
  /// there, so one that rests with its lines active does not count half a click.
  public mutating func setLevel(line: String, level: Int) {
    guard let encoderLine = encoderLines[line], let encoder = encoders[encoderLine.control] else { return }
    let active = (level != 0) != encoderLine.activeLow
    encoders[encoderLine.control] = encoder.resting(isA: encoderLine.isA, level: active)
  }

  /// Whether a button's line at `level` means pressed (nil for a line that is not a button's).
  public func buttonIsPressed(line: String, level: Int) -> Bool? {
    buttonActiveLow[line].map { (level != 0) != $0 }
  }

  /// Steps from an encoder that counts for itself (the kernel's rotary-encoder driver, a wheel, a dial),
  /// with the same acceleration as a GPIO encoder of that name (or the standard curve).
  public mutating func turn(control: ControlName, steps: Int, at time: Double) -> [ControlOutput] {
    var outputs = advance(to: time)
    guard steps != 0 else { return outputs }
    let direction = steps > 0 ? 1 : -1
    let timing = encoderTimings[control] ?? EncoderTiming()
    var multiplier = 1
    if let last = lastTurn[control], last.direction == direction, abs(steps) == 1 {
      multiplier = timing.acceleration.first { time - last.time <= $0.within }?.steps ?? 1
    }
    lastTurn[control] = EncoderDecoder.Detent(time: time, direction: direction)
    outputs += pushed([ControlOutput(time: time, control: control, action: .turn(steps: steps * multiplier))])
    return outputs
  }

  /// A key of an input device (already debounced by its driver): pressed or let go, for the gesture rules.
  public mutating func key(control: ControlName, down: Bool, at time: Double, timing: ButtonTiming) -> [ControlOutput] {
    var outputs = advance(to: time)
    let line = "key:" + control.rawValue
    if buttons[line] == nil {
      buttons[line] = ButtonDecoder(control: control, timing: timing)
      buttonActiveLow[line] = false
    }
    outputs += buttons[line]!.edge(down: down, at: time)
    return outputs
  }

  /// Time has passed: long presses and repeats that were due, in time order.
  public mutating func advance(to time: Double) -> [ControlOutput] {
    var outputs: [ControlOutput] = []
    for line in buttons.keys.sorted() where buttons[line]!.deadline.map({ $0 <= time }) == true {
      outputs += buttons[line]!.advance(to: time)
    }
    return outputs.sorted { $0.time < $1.time }
  }
}
