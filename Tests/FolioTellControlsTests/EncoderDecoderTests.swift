import Testing

@testable import FolioTellControls

/// Encoders as edge sequences. A clockwise detent on a 4-transition encoder: A rises, B rises, A falls,
/// B falls (00 -> 10 ... in the decoder's Gray order 00 -> 01 -> 11 -> 10 -> 00 is B first).
@Suite struct EncoderDecoderTests {
  /// One detent's four edges, `clockwise` or not, starting at `time`, `gap` apart: (isA, level, time).
  static func detent(clockwise: Bool, at time: Double, gap: Double = 0.002) -> [(Bool, Bool, Double)] {
    let order: [(Bool, Bool)] = [(false, true), (true, true), (false, false), (true, false)]
    let edges = clockwise ? order : [(true, true), (false, true), (true, false), (false, false)]
    return edges.enumerated().map { ($0.element.0, $0.element.1, time + Double($0.offset) * gap) }
  }

  func steps(_ edges: [(Bool, Bool, Double)], timing: EncoderTiming = EncoderTiming(acceleration: [])) -> [Int] {
    var decoder = EncoderDecoder(control: .encoder, timing: timing)
    return edges.flatMap { decoder.edge(isA: $0.0, level: $0.1, at: $0.2) }.compactMap {
      if case .turn(let steps) = $0.action { return steps }
      return nil
    }
  }

  @Test func slowTurnsCountOneDetentEachWay() {
    let clockwise = (0..<3).flatMap { Self.detent(clockwise: true, at: Double($0) * 0.5) }
    #expect(steps(clockwise) == [1, 1, 1])
    let counter = (0..<2).flatMap { Self.detent(clockwise: false, at: Double($0) * 0.5) }
    #expect(steps(counter) == [-1, -1])
  }

  @Test func directionReversalIsFollowedAtOnce() {
    let edges =
      Self.detent(clockwise: true, at: 0) + Self.detent(clockwise: false, at: 0.1)
      + Self.detent(clockwise: true, at: 0.2)
    #expect(steps(edges) == [1, -1, 1])
  }

  @Test(arguments: [true, false]) func bounceOnEveryTransitionAddsNothing(clockwise: Bool) {
    var bouncy: [(Bool, Bool, Double)] = []
    for (isA, level, time) in Self.detent(clockwise: clockwise, at: 0, gap: 0.01) {
      bouncy += [(isA, level, time), (isA, !level, time + 0.0003), (isA, level, time + 0.0006)]
    }
    #expect(steps(bouncy) == [clockwise ? 1 : -1])
  }

  @Test func aHalfTurnThatGoesBackIsNoDetent() {
    let edges: [(Bool, Bool, Double)] = [
      (false, true, 0), (true, true, 0.01), (false, true, 0.02) /* repeated */, (true, false, 0.03),
      (false, false, 0.04),
    ]
    #expect(steps(edges).isEmpty)
  }

  @Test func aMissedEdgeLosesAtMostOneDetentAndNeverReverses() {
    // The second edge of a clockwise detent is missed: the next edge of that line repeats its level.
    var edges = Self.detent(clockwise: true, at: 0)
    edges.remove(at: 1)
    edges += Self.detent(clockwise: true, at: 0.5)
    let result = steps(edges)
    #expect(result.allSatisfy { $0 > 0 })
    #expect((1...2).contains(result.count))
  }

  @Test func twoAndOneTransitionsPerDetent() {
    let cycle = Self.detent(clockwise: true, at: 0)
    #expect(steps(cycle, timing: EncoderTiming(transitionsPerDetent: 2, acceleration: [])) == [1, 1])
    #expect(steps(cycle, timing: EncoderTiming(transitionsPerDetent: 1, acceleration: [])) == [1, 1, 1, 1])
  }

  @Test func fastTurnsAccelerateAndAReversalStartsSlow() {
    let timing = EncoderTiming(acceleration: AccelerationRule.standard)
    let slow = (0..<2).flatMap { Self.detent(clockwise: true, at: Double($0) * 0.3) }
    #expect(steps(slow, timing: timing) == [1, 1])
    let fast = (0..<4).flatMap { Self.detent(clockwise: true, at: Double($0) * 0.020, gap: 0.004) }
    #expect(steps(fast, timing: timing) == [1, 4, 4, 4])
    let fastBack = (0..<4).flatMap { Self.detent(clockwise: false, at: Double($0) * 0.020, gap: 0.004) }
    #expect(steps(fastBack, timing: timing) == [-1, -4, -4, -4])
    let brisk = (0..<3).flatMap { Self.detent(clockwise: true, at: Double($0) * 0.050, gap: 0.01) }
    #expect(steps(brisk, timing: timing) == [1, 2, 2])
    let reversal = Self.detent(clockwise: true, at: 0, gap: 0.004) + Self.detent(clockwise: false, at: 0.02, gap: 0.004)
    #expect(steps(reversal, timing: timing) == [1, -1])
  }

  @Test func anEncoderRestingWithItsLinesActiveCountsFromThere() {
    // Some encoders rest at 11: started there, a whole click from 11 back to 11 is one detent.
    var decoder = EncoderDecoder(control: .encoder, timing: EncoderTiming(acceleration: []), a: true, b: true)
    let edges: [(Bool, Bool)] = [(true, false), (false, false), (true, true), (false, true)]
    let outputs = edges.enumerated().flatMap {
      decoder.edge(isA: $0.element.0, level: $0.element.1, at: Double($0.offset) * 0.01)
    }
    #expect(outputs.count == 1)
  }

  @Test func stepsFromAnInputDeviceAccelerateLikeAGPIOEncoder() {
    var decoder = ControlDecoder(ControlWiring())
    let times = [0.0, 0.5, 0.52, 0.54]
    let steps = times.flatMap { decoder.turn(control: .encoder, steps: 1, at: $0) }.compactMap { output -> Int? in
      if case .turn(let steps) = output.action { return steps }
      return nil
    }
    #expect(steps == [1, 1, 4, 4])
  }

  @Test func reversedWiringCountsTheOtherWay() {
    #expect(steps(Self.detent(clockwise: true, at: 0), timing: EncoderTiming(acceleration: [], reversed: true)) == [-1])
  }
}
