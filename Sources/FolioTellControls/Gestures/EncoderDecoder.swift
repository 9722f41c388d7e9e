import FolioTellCore

/// How a rotary encoder turns. Times in seconds.
public struct EncoderTiming: Equatable, Sendable {
  /// Valid quadrature transitions from one click (detent) to the next: 4 for most encoders (a full
  /// cycle of A and B), 2 or 1 for others.
  public var transitionsPerDetent: Int = 4
  /// Acceleration: a detent that follows the one before within `within` seconds counts `steps` times
  /// (the first matching rule applies; a slow turn counts 1). Fast turns move further.
  public var acceleration: [AccelerationRule] = AccelerationRule.standard
  /// Swap when the encoder counts the wrong way (A and B wired the other way round).
  public var reversed = false

  public init(
    transitionsPerDetent: Int = 4, acceleration: [AccelerationRule] = AccelerationRule.standard,
    reversed: Bool = false
  ) {
    self.transitionsPerDetent = transitionsPerDetent
    self.acceleration = acceleration
    self.reversed = reversed
  }
}

public struct AccelerationRule: Equatable, Sendable {
  public var within: Double
  public var steps: Int

  public init(within: Double, steps: Int) {
    self.within = within
    self.steps = steps
  }

  /// Detents 25 ms apart (a flick) count 4; 60 ms apart (a brisk turn) count 2.
  public static let standard = [AccelerationRule(within: 0.025, steps: 4), AccelerationRule(within: 0.060, steps: 2)]
}

/// Decodes a quadrature encoder's two lines, A and B, into detents. Pure.
///
/// A and B form a two-bit Gray code: a real turn changes one line at a time, in the order
/// 00 → 01 → 11 → 10 → 00 one way and the reverse the other. Each edge changes one line, so a missed
/// edge shows as an edge that repeats a line's level (ignored) or as a skipped position that jumps two
/// steps (ignored too: its direction cannot be known); a bounce on one line steps forward and back again
/// and cancels out.
/// A detent counts only when the encoder comes to rest at a detent position having moved a whole detent
/// in one direction, so bounce and missed edges can lose a click but never add one or turn it around.
public struct EncoderDecoder: Equatable, Sendable {
  public let control: ControlName
  public let timing: EncoderTiming
  private var a = false
  private var b = false
  /// Valid quarter steps since the last detent: + one way, - the other.
  private var travel = 0
  /// Where the lines rest at a detent (most encoders rest with both lines inactive).
  private let rest: Int
  private var lastDetent: Detent?

  struct Detent: Equatable, Sendable {
    var time: Double
    var direction: Int
  }

  /// `a` and `b` are the lines' levels at rest when the decoder starts (read from the lines).
  public init(control: ControlName, timing: EncoderTiming = EncoderTiming(), a: Bool = false, b: Bool = false) {
    self.control = control
    self.timing = timing
    self.a = a
    self.b = b
    self.rest = Self.position(a, b)
  }

  /// The same encoder resting with one line at `level`: the detent position is where it rests.
  func resting(isA: Bool, level: Bool) -> EncoderDecoder {
    EncoderDecoder(control: control, timing: timing, a: isA ? level : a, b: isA ? b : level)
  }

  /// The Gray-code position 0...3 of levels A and B.
  static func position(_ a: Bool, _ b: Bool) -> Int {
    switch (a, b) {
    case (false, false): return 0
    case (false, true): return 1
    case (true, true): return 2
    case (true, false): return 3
    }
  }

  /// An edge on line A (`isA`) or B: its new level.
  public mutating func edge(isA: Bool, level: Bool, at time: Double) -> [ControlOutput] {
    let before = Self.position(a, b)
    if isA { a = level } else { b = level }
    let after = Self.position(a, b)
    switch (after - before + 4) % 4 {
    case 1: travel += 1
    case 3: travel -= 1
    default: return []  // no change (a repeated level after a missed edge), or two steps at once
    }
    let perDetent = max(1, min(4, timing.transitionsPerDetent))
    // Detent positions: all four for 1 per detent, the rest position and its opposite for 2, the rest
    // position alone for 4.
    let atDetent = perDetent == 1 || (perDetent == 2 ? after % 2 == rest % 2 : after == rest)
    guard atDetent, abs(travel) >= perDetent else { return [] }
    let direction = (travel > 0) != timing.reversed ? 1 : -1
    travel = 0
    var steps = 1
    // A reversal starts slow again: acceleration only builds while turning one way.
    if let last = lastDetent, last.direction == direction {
      steps = timing.acceleration.first { time - last.time <= $0.within }?.steps ?? 1
    }
    lastDetent = Detent(time: time, direction: direction)
    return [ControlOutput(time: time, control: control, action: .turn(steps: direction * steps))]
  }
}
