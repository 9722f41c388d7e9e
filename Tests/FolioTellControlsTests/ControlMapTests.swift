import FolioTellCore
import Testing

@testable import FolioTellControls

@Suite struct ControlMapTests {
  let wiring = ControlWiring(
    buttons: [
      .init(control: "PLAY", line: "GPIO17"), .init(control: "NEXT", line: "GPIO27"),
      .init(control: "MENU", line: "GPIO23"),
    ],
    encoders: [.init(control: "ENCODER", a: "GPIO5", b: "GPIO6", timing: EncoderTiming(acceleration: []))])

  func events(_ edges: [(Double, String, Int)], state: ReaderState = ReaderState()) -> [PlaybackEvent] {
    var decoder = ControlDecoder(wiring)
    var outputs: [ControlOutput] = []
    for (time, line, level) in edges { outputs += decoder.edge(line: line, level: level, at: time) }
    outputs += decoder.advance(to: (edges.last?.0 ?? 0) + 0.05)
    return outputs.compactMap(\.readerEvent).flatMap { event -> [ReaderEvent] in
      switch event {
      case .control(let name, let gesture): return ControlMap.events(control: name, gesture: gesture, in: state)
      case .encoder(let steps): return ControlMap.events(encoderSteps: steps, in: state)
      default: return [event]
      }
    }.compactMap {
      if case .playback(let event) = $0 { return event }
      return nil
    }
  }

  @Test func activeLowButtonsPlayAndPause() {
    // Pressed pulls the line to 0.
    #expect(events([(0, "GPIO17", 0), (0.1, "GPIO17", 1)]) == [.primaryTapped])
  }

  @Test func holdingPlayStops() {
    #expect(events([(0, "GPIO17", 0), (0.7, "GPIO17", 1)]) == [.stopTapped])
  }

  @Test func holdingNextSeeksSentenceBySentence() {
    #expect(events([(0, "GPIO27", 0), (1.0, "GPIO27", 1)]) == Array(repeating: .jumpToNextSentenceTapped, count: 3))
  }

  @Test func theEncoderMovesBySentences() {
    // Active low: at rest both lines read 1; a clockwise detent is B, A, B, A going to 0 and back.
    let clockwise: [(Double, String, Int)] = [
      (0, "GPIO6", 0), (0.002, "GPIO5", 0), (0.004, "GPIO6", 1), (0.006, "GPIO5", 1),
    ]
    #expect(events(clockwise) == [.jumpToNextSentenceTapped])
    let back: [(Double, String, Int)] = [
      (0, "GPIO5", 0), (0.002, "GPIO6", 0), (0.004, "GPIO5", 1), (0.006, "GPIO6", 1),
    ]
    #expect(events(back) == [.jumpToPreviousSentenceTapped])
  }

  @Test func aControlWithNothingToDoInTheModeGivesNoEvent() {
    #expect(events([(0, "GPIO23", 0), (0.1, "GPIO23", 1)]).isEmpty)
    #expect(ControlMap.events(control: "BACK", gesture: .short, in: ReaderState()).isEmpty)
  }

  @Test func speedKeysStepFromTheCurrentRate() {
    var state = ReaderState()
    state.playback.wpm = 200
    let faster = ControlMap.events(control: "FASTER", gesture: .short, in: state)
    #expect(faster == [.playback(.speedChanged(wpm: 225))])
  }

  @Test func aTurnOfAnEncoderWithAnotherNameMeansNothing() {
    #expect(ControlOutput(time: 0, control: "VOLUME", action: .turn(steps: 2)).readerEvent == nil)
    #expect(ControlOutput(time: 0, control: "ENCODER", action: .turn(steps: -2)).readerEvent == .encoder(steps: -2))
  }

  @Test func linesNotInTheWiringAreIgnored() {
    #expect(events([(0, "GPIO4", 0), (0.1, "GPIO4", 1)]).isEmpty)
  }
}
