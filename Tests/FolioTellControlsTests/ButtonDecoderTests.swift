import FolioTellCore
import Testing

@testable import FolioTellControls

/// Buttons as timestamped edge sequences: (seconds, down).
@Suite struct ButtonDecoderTests {
  func decode(_ edges: [(Double, Bool)], until end: Double? = nil, timing: ButtonTiming = ButtonTiming()) -> [String] {
    var decoder = ButtonDecoder(control: .play, timing: timing)
    var outputs: [ControlOutput] = []
    for (time, down) in edges { outputs += decoder.edge(down: down, at: time) }
    outputs += decoder.advance(to: end ?? (edges.last?.0 ?? 0) + 0.05)
    return outputs.map { output in
      guard case .gesture(let gesture) = output.action else { return "turn" }
      return "\(gesture.rawValue)@\(Int((output.time * 1000).rounded()))"
    }
  }

  @Test func aCleanPressIsOneShortPressAtItsRelease() {
    #expect(decode([(0, true), (0.120, false)]) == ["short@120"])
  }

  @Test func aBouncyPressIsStillOnePress() {
    let bouncy: [(Double, Bool)] = [
      (0, true), (0.001, false), (0.002, true), (0.0035, false), (0.004, true),
      (0.150, false), (0.151, true), (0.152, false), (0.1535, true), (0.154, false),
    ]
    #expect(decode(bouncy) == ["short@150"])
  }

  @Test func aPressShorterThanTheDebounceTimeIsIgnored() {
    #expect(decode([(0, true), (0.012, false)]).isEmpty)
    #expect(decode([(0, true), (0.012, false)], timing: ButtonTiming(debounce: 0.005)) == ["short@12"])
  }

  @Test func aLongPressFiresWhileHeldThenRepeatsThenReleases() {
    let outputs = decode([(0, true), (1.0, false)])
    #expect(outputs == ["long@600", "repeat@750", "repeat@900", "release@1000"])
  }

  @Test func aLongPressFiresWithoutAnotherEdge() {
    var decoder = ButtonDecoder(control: .play)
    #expect(decoder.edge(down: true, at: 10).isEmpty)
    #expect(decoder.deadline == 10.020)
    #expect(decoder.advance(to: 10.3).isEmpty)
    #expect(decoder.deadline == 10.600)
    #expect(decoder.advance(to: 10.6).map(\.action) == [.gesture(.long)])
  }

  @Test func repeatingCanBeTurnedOff() {
    #expect(
      decode([(0, true), (1.0, false)], timing: ButtonTiming(repeatInterval: 0)) == ["long@600", "release@1000"])
  }

  @Test func nothingIsPendingWhenTheButtonRests() {
    var decoder = ButtonDecoder(control: .play)
    _ = decoder.edge(down: true, at: 0)
    _ = decoder.edge(down: false, at: 0.1)
    _ = decoder.advance(to: 0.2)
    #expect(decoder.deadline == nil)
  }

  @Test func twoQuickPressesAreTwoPresses() {
    #expect(decode([(0, true), (0.080, false), (0.200, true), (0.290, false)]) == ["short@80", "short@290"])
  }

  @Test func chatterOfAWornSwitchWhileHeldIsStillOnePress() {
    // Held from 0 to 300 ms, the contact opening for a moment at 100 ms and at 180 ms.
    let chatter: [(Double, Bool)] = [
      (0, true), (0.100, false), (0.101, true), (0.180, false), (0.1815, true), (0.300, false),
    ]
    #expect(decode(chatter) == ["short@300"])
  }

  @Test func glitchesApartAreNotAPress() {
    // Two 1 ms spikes 20 ms apart (mains hum on a long cable): the line is never down for 20 ms.
    #expect(decode([(0, true), (0.001, false), (0.020, true), (0.021, false)]).isEmpty)
  }

  @Test func chatterDuringAHeldLongPressKeepsTheRepeatsGoing() {
    let outputs = decode([(0, true), (0.700, false), (0.702, true), (1.0, false)])
    #expect(outputs == ["long@600", "repeat@750", "repeat@900", "release@1000"])
  }

  @Test func aReleaseAfterTheTimeJumpedGivesOneRepeatNotThousands() {
    var decoder = ButtonDecoder(control: .next)
    _ = decoder.edge(down: true, at: 0)
    #expect(decoder.advance(to: 10_000).count <= 3)
  }

  /// A held NEXT is how a listener seeks: repeats go on every 150 ms until the release, however late the
  /// decoder is asked (a replay asks only at the edges).
  /// Held for a few ms over whole seconds, so no repeat falls on the release itself.
  @Test(arguments: [1.0, 1.4, 2.0, 5.0, 60.0])
  func repeatsGoOnForAsLongAsTheButtonIsHeld(seconds: Double) {
    let held = seconds + 0.01
    let outputs = decode([(1.0, true), (1.0 + held, false)])
    let repeats = outputs.filter { $0.hasPrefix("repeat@") }
    let expected = Int(((held - 0.6) / 0.15).rounded(.down))
    #expect(outputs.first == "long@1600")
    #expect(outputs.last == "release@\(Int(((1.0 + held) * 1000).rounded()))")
    #expect(repeats.count == expected)
    #expect(repeats.last == "repeat@\(1600 + 150 * expected)")
  }

  @Test func repeatsWorkedOutAtEachDeadlineMatchThoseWorkedOutAtTheRelease() {
    var live = ButtonDecoder(control: .next)
    var outputs = live.edge(down: true, at: 1.0)
    while let due = live.deadline, due < 6.0 { outputs += live.advance(to: due) }
    outputs += live.edge(down: false, at: 6.0)
    outputs += live.advance(to: 6.1)
    var replayed = ButtonDecoder(control: .next)
    var late = replayed.edge(down: true, at: 1.0)
    late += replayed.edge(down: false, at: 6.0)
    late += replayed.advance(to: 6.1)
    #expect(outputs == late)
  }

  @Test func aTimeTooLargeToMoveByARepeatStopsRepeatingInsteadOfLooping() {
    var decoder = ButtonDecoder(control: .next)
    _ = decoder.edge(down: true, at: 0)
    #expect(decoder.advance(to: 1e18).count <= 3)
    #expect(decoder.deadline == nil)
  }

  @Test func aZeroDebounceDecidesAtTheEdge() {
    var decoder = ButtonDecoder(control: .play, timing: ButtonTiming(debounce: 0))
    #expect(decoder.edge(down: true, at: 1).isEmpty)
    #expect(decoder.edge(down: false, at: 1.2).map(\.action) == [.gesture(.short)])
  }

  @Test func aRepeatedLevelIsNotAnEdge() {
    #expect(decode([(0, true), (0.05, true), (0.1, false), (0.2, false)]) == ["short@100"])
  }
}
