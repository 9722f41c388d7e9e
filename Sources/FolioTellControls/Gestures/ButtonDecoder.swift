import FolioTellCore

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
/// Both edges are debounced the same way: a change counts once the line has stayed at its new level for
/// the debounce time after its last bounce. So contact bounce, presses shorter than the debounce time,
/// and chatter of a worn switch while it is held are all ignored. A gesture carries the time of the edge
/// that began it (the release's first edge for a short press), and is known one debounce time later.
public struct ButtonDecoder: Equatable, Sendable {
  enum Phase: Equatable, Sendable {
    case released
    /// Went down at `since`; accepted once it has stayed down from `lastEdge` for the debounce time.
    case pressPending(since: Double, lastEdge: Double)
    /// Accepted as pressed since `since`; `next` is when the long press or the next repeat fires.
    case pressed(since: Double, longFired: Bool, next: Double?)
    /// Went up at `since` while pressed; a release once it has stayed up from `lastEdge` for the
    /// debounce time, or chatter (back to `held`) if it goes down again before.
    case releasePending(since: Double, lastEdge: Double, held: Held)
  }

  struct Held: Equatable, Sendable {
    var since: Double
    var longFired: Bool
    var next: Double?
  }

  /// How far behind repeats are still worked out one by one (seconds of holding).
  public static let longestCatchUp = 3600.0

  public let control: ControlName
  public let timing: ButtonTiming
  private(set) var phase: Phase = .released
  /// The line's level as last reported.
  private var isDown = false
  /// The press was used with something else (the knob turned while it was held): it gives no gesture.
  private var consumed = false

  public init(control: ControlName, timing: ButtonTiming = ButtonTiming()) {
    self.control = control
    self.timing = timing
  }

  /// When the decoder needs `advance` next, or nil when nothing can happen until the next edge.
  public var deadline: Double? {
    switch phase {
    case .released: return nil
    case .pressPending(_, let lastEdge): return lastEdge + timing.debounce
    case .pressed(_, _, let next): return next
    case .releasePending(_, let lastEdge, _): return lastEdge + timing.debounce
    }
  }

  /// Whether the button is held down now (accepted, or about to be).
  public var isHeld: Bool {
    switch phase {
    case .released: return false
    case .pressPending, .releasePending: return isDown
    case .pressed: return true
    }
  }

  /// This press did its work with another control: it ends without a gesture of its own.
  public mutating func consume() { if phase != .released { consumed = true } }

  /// An edge: the button is now `down` (already corrected for active-low wiring), at `time`.
  public mutating func edge(down: Bool, at time: Double) -> [ControlOutput] {
    var outputs = advance(to: time)
    guard down != isDown else { return outputs }
    isDown = down
    switch phase {
    case .released:
      if down { phase = .pressPending(since: time, lastEdge: time) }
    case .pressPending(let since, _):
      phase = .pressPending(since: since, lastEdge: time)
    case .pressed(let since, let longFired, let next):
      if !down {
        phase = .releasePending(since: time, lastEdge: time, held: Held(since: since, longFired: longFired, next: next))
      }
    case .releasePending(let since, _, let held):
      phase = .releasePending(since: since, lastEdge: time, held: held)
    }
    // A zero debounce decides at once.
    if timing.debounce == 0 { outputs += advance(to: time) }
    return outputs
  }

  /// Time has passed to `time` without an edge: fires what was due (an accepted press, a long press,
  /// repeats, a release), in order.
  public mutating func advance(to time: Double) -> [ControlOutput] {
    var outputs: [ControlOutput] = []
    while let due = deadline, due <= time {
      switch phase {
      case .released:
        return outputs
      case .pressPending(let since, _):
        phase = isDown ? .pressed(since: since, longFired: false, next: since + timing.longPress) : .released
      case .pressed(let since, let longFired, _):
        outputs += output(due, longFired ? .repeatWhileHeld : .long)
        // Repeats go on for as long as the button is held (a held NEXT is how a listener seeks), also when
        // they are worked out late, as in a replay. Only a clock that jumped far (a suspended box) gets one
        // repeat now instead of one for every interval missed.
        var next: Double? = timing.repeatInterval > 0 ? due + timing.repeatInterval : nil
        if let upcoming = next, time - upcoming > Self.longestCatchUp { next = time + timing.repeatInterval }
        // An interval too small to move a time this large would repeat for ever: stop repeating.
        if let upcoming = next, upcoming <= due { next = nil }
        phase = .pressed(since: since, longFired: true, next: next)
      case .releasePending(let since, _, let held):
        if isDown {
          // Chatter while held: still the same press.
          phase = .pressed(since: held.since, longFired: held.longFired, next: held.next)
        } else {
          phase = .released
          outputs += output(since, held.longFired ? .release : .short)
        }
      }
    }
    return outputs
  }

  private mutating func output(_ time: Double, _ gesture: Gesture) -> [ControlOutput] {
    defer { if phase == .released { consumed = false } }
    return consumed ? [] : [ControlOutput(time: time, control: control, action: .gesture(gesture))]
  }
}
