import FolioTellCore
import Testing

@testable import FolioTellControls

@Suite struct ControlMapTests {
  let wiring = ControlWiring(
    buttons: [
      .init(control: .play, line: "GPIO17"), .init(control: .next, line: "GPIO27"),
      .init(control: .menu, line: "GPIO23"),
    ],
    encoders: [.init(control: .encoder, a: "GPIO5", b: "GPIO6", timing: EncoderTiming(acceleration: []))])

  /// What the decoded gestures do while reading: the control map's actions, and the knob's playback events.
  func actions(_ edges: [(Double, String, Int)]) -> [ControlAction] {
    var decoder = ControlDecoder(wiring)
    var outputs: [ControlOutput] = []
    for (time, line, level) in edges { outputs += decoder.edge(line: line, level: level, at: time) }
    outputs += decoder.advance(to: (edges.last?.0 ?? 0) + 0.05)
    return outputs.compactMap(\.boxEvent).compactMap { event -> ControlAction? in
      switch event {
      case .control(let name, let gesture): return ControlMap.action(control: name, gesture: gesture, in: .reading)
      case .encoder(let steps): return steps > 0 ? .nextSentence : .previousSentence
      default: return nil
      }
    }
  }

  @Test func activeLowButtonsPlayAndPause() {
    // Pressed pulls the line to 0.
    #expect(actions([(0, "GPIO17", 0), (0.1, "GPIO17", 1)]) == [.playPause])
  }

  @Test func holdingPlayAsksWhereAmI() {
    #expect(actions([(0, "GPIO17", 0), (0.7, "GPIO17", 1)]) == [.whereAmI])
  }

  @Test func holdingNextMovesOneChapterHoweverLongItIsHeld() {
    #expect(actions([(0, "GPIO27", 0), (1.0, "GPIO27", 1)]) == [.nextChapter])
  }

  @Test func theEncoderMovesBySentences() {
    // Active low: at rest both lines read 1; a clockwise detent is B, A, B, A going to 0 and back.
    let clockwise: [(Double, String, Int)] = [
      (0, "GPIO6", 0), (0.002, "GPIO5", 0), (0.004, "GPIO6", 1), (0.006, "GPIO5", 1),
    ]
    #expect(
      ControlMap.sentenceJumps(encoderSteps: 1) == [.jumpToNextSentenceTapped])
    #expect(actions(clockwise) == [.nextSentence])
    let back: [(Double, String, Int)] = [
      (0, "GPIO5", 0), (0.002, "GPIO6", 0), (0.004, "GPIO5", 1), (0.006, "GPIO6", 1),
    ]
    #expect(actions(back) == [.previousSentence])
  }

  @Test func aControlWithNothingToDoGivesNoAction() {
    #expect(ControlMap.action(control: .next, gesture: .repeatWhileHeld, in: .reading) == nil)
    #expect(ControlMap.action(control: .back, gesture: .long, in: .reading) == nil)
    #expect(ControlMap.action(control: .play, gesture: .repeatWhileHeld, in: .menu) == nil)
  }

  @Test func everyBindingHasWordsForTheKeyDescriberAndNoGestureIsBoundTwice() {
    for mode in [ControlMode.reading, .menu] {
      var seen = Set<String>()
      for binding in ControlMap.bindings(in: mode) {
        #expect(WordTable.english.phrases[binding.action.description] != nil)
        for gesture in binding.gestures {
          #expect(seen.insert("\(binding.control) \(gesture)").inserted, "\(binding.control) \(gesture) in \(mode)")
        }
      }
    }
    // A held BACK acts when let go; the describer says that action while it is held.
    #expect(ControlMap.describedAction(control: .back, gesture: .long, in: .reading) == .undo)
  }

  @Test func aTurnOfAnEncoderWiredToAnotherControlMeansNothing() {
    #expect(ControlOutput(time: 0, control: .play, action: .turn(steps: 2)).boxEvent == nil)
    #expect(ControlOutput(time: 0, control: .encoder, action: .turn(steps: -2)).boxEvent == .encoder(steps: -2))
  }

  @Test func linesNotInTheWiringAreIgnored() {
    #expect(actions([(0, "GPIO4", 0), (0.1, "GPIO4", 1)]).isEmpty)
  }

  @Test func theKnobTurnedWhilePushedInIsAPushedTurnAndThePushSaysNothing() {
    let wired = ControlWiring(
      buttons: [.init(control: .encoderPush, line: "GPIO13")],
      encoders: [.init(control: .encoder, a: "GPIO5", b: "GPIO6", timing: EncoderTiming(acceleration: []))])
    var decoder = ControlDecoder(wired)
    var outputs: [ControlOutput] = []
    let edges: [(Double, String, Int)] = [
      (0, "GPIO13", 0), (0.1, "GPIO6", 0), (0.102, "GPIO5", 0), (0.104, "GPIO6", 1), (0.106, "GPIO5", 1),
      (0.3, "GPIO13", 1),
    ]
    for (time, line, level) in edges { outputs += decoder.edge(line: line, level: level, at: time) }
    outputs += decoder.advance(to: 1)
    #expect(outputs.compactMap(\.boxEvent) == [.encoderPushed(steps: 1)])
    // The next push on its own is a press again.
    outputs = decoder.edge(line: "GPIO13", level: 0, at: 2) + decoder.edge(line: "GPIO13", level: 1, at: 2.1)
    outputs += decoder.advance(to: 3)
    #expect(outputs.compactMap(\.boxEvent) == [.control(name: .encoderPush, gesture: .short)])
  }
}
