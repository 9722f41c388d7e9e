/// How a button is timed. Times in seconds.
public struct ButtonTiming: Equatable, Sendable {
  /// A press must last this long to count; bounce and glitches shorter than it are ignored.
  public var debounce: Double = 0.020
  /// Held this long, the press is a long press (fired while still held).
  public var longPress: Double = 0.600
  /// After a long press, a repeat fires every this often while held; 0 turns repeating off.
  public var repeatInterval: Double = 0.150

  public init(debounce: Double = 0.020, longPress: Double = 0.600, repeatInterval: Double = 0.150) {
    self.debounce = debounce
    self.longPress = longPress
    self.repeatInterval = repeatInterval
  }
}

/// Turns one button's raw edges into gestures. Pure: fed edges (is the button pressed now, and when) and
/// the passing of time (`advance`), it says what happened and when it next needs to be woken
/// (`deadline`), so an event loop sleeps until then and not a moment on a timer when nothing is held.
///
/// A press is accepted when the button is still down one debounce time after its first edge, so bounce
/// and presses shorter than that are ignored; a release is accepted at its first edge (the press is known
/// to be real by then, so the gesture fires without waiting), and the release's own bounce is ignored
/// for one debounce time.
public struct ButtonDecoder: Equatable, Sendable {
  enum Phase: Equatable, Sendable {
    case released
    /// Went down at `since`; accepted if still down at `since + debounce`.
    case pressPending(since: Double)
    /// Accepted as pressed since `since`; `next` is when the long press or the next repeat fires.
    case pressed(since: Double, longFired: Bool, next: Double?)
    /// Let go at `since`; edges are bounce until `since + debounce`.
    case releaseSettling(since: Double)
  }

  public let control: String
  public let timing: ButtonTiming
  private(set) var phase: Phase = .released
  /// The line's level as last reported (after bounce, this is where it settled).
  private var isDown = false

  public init(control: String, timing: ButtonTiming = ButtonTiming()) {
    self.control = control
    self.timing = timing
  }

  /// When the decoder needs `advance` next, or nil when nothing can happen until the next edge.
  public var deadline: Double? {
    switch phase {
    case .released: return nil
    case .pressPending(let since): return since + timing.debounce
    case .pressed(_, _, let next): return next
    case .releaseSettling(let since): return since + timing.debounce
    }
  }

  /// An edge: the button is now `down` (already corrected for active-low wiring), at `time`.
  public mutating func edge(down: Bool, at time: Double) -> [ControlOutput] {
    var outputs = advance(to: time)
    guard down != isDown else { return outputs }
    isDown = down
    switch phase {
    case .released where down:
      phase = .pressPending(since: time)
    case .pressed(_, let longFired, _) where !down:
      phase = .releaseSettling(since: time)
      outputs.append(output(time, longFired ? .release : .short))
    default:
      // Bounce while a press is pending or a release settles: only the level at the deadline counts.
      break
    }
    return outputs
  }

  /// Time has passed to `time` without an edge: fires what was due (an accepted press, a long press,
  /// repeats), in order.
  public mutating func advance(to time: Double) -> [ControlOutput] {
    var outputs: [ControlOutput] = []
    while let due = deadline, due <= time {
      switch phase {
      case .released:
        return outputs
      case .pressPending(let since):
        phase = isDown ? .pressed(since: since, longFired: false, next: since + timing.longPress) : .released
      case .pressed(let since, _, _):
        outputs.append(output(due, isLongFired ? .repeatWhileHeld : .long))
        let next = timing.repeatInterval > 0 ? due + timing.repeatInterval : nil
        phase = .pressed(since: since, longFired: true, next: next)
      case .releaseSettling(let since):
        // Down again once the release settled: a new press, counted from now.
        phase = isDown ? .pressPending(since: since + timing.debounce) : .released
      }
    }
    return outputs
  }

  private var isLongFired: Bool {
    if case .pressed(_, let longFired, _) = phase { return longFired }
    return false
  }

  private func output(_ time: Double, _ gesture: Gesture) -> ControlOutput {
    ControlOutput(time: time, control: control, action: .gesture(gesture))
  }
}
