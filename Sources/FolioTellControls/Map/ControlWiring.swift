import FolioTellCore

/// Which physical line is which control, and how each is timed: from a board file and the config.
public struct ControlWiring: Equatable, Sendable {
  public struct Button: Equatable, Sendable {
    public var control: ControlName
    /// A line name (`GPIO17`) or offset (`17`) on the wiring's chip.
    public var line: String
    /// Pressed pulls the line low (a button to ground with the pull-up on): the usual wiring.
    public var activeLow: Bool
    public var timing: ButtonTiming

    public init(control: ControlName, line: String, activeLow: Bool = true, timing: ButtonTiming = ButtonTiming()) {
      self.control = control
      self.line = line
      self.activeLow = activeLow
      self.timing = timing
    }
  }

  public struct Encoder: Equatable, Sendable {
    public var control: ControlName
    public var a: String
    public var b: String
    public var activeLow: Bool
    public var timing: EncoderTiming

    public init(control: ControlName, a: String, b: String, activeLow: Bool = true, timing: EncoderTiming = EncoderTiming())
    {
      self.control = control
      self.a = a
      self.b = b
      self.activeLow = activeLow
      self.timing = timing
    }
  }

  /// The GPIO chip the lines are on: a name (`gpiochip0`), a path, a number, or a label (`pinctrl-bcm2711`).
  public var chip: String
  public var buttons: [Button]
  public var encoders: [Encoder]

  public init(chip: String = "gpiochip0", buttons: [Button] = [], encoders: [Encoder] = []) {
    self.chip = chip
    self.buttons = buttons
    self.encoders = encoders
  }

  /// Every line the wiring uses, in order, once each.
  public var lines: [String] {
    var seen: Set<String> = []
    return (buttons.map(\.line) + encoders.flatMap { [$0.a, $0.b] }).filter { seen.insert($0).inserted }
  }

  /// A line used twice would make one press two controls: said before any line is requested.
  public var duplicateLine: String? {
    var seen: Set<String> = []
    for line in buttons.map(\.line) + encoders.flatMap({ [$0.a, $0.b] }) where !seen.insert(line).inserted {
      return line
    }
    return nil
  }
}
