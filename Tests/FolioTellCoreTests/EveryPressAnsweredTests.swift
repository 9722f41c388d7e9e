import Testing

@testable import FolioTellCore

/// No press ends in silence: every control, pressed or held, in every mode the box can be in, is answered
/// with words, a tone, or reading that starts or stops.
@Suite struct EveryPressAnsweredTests {
  /// The box in each of its modes: a book open and stopped, reading, paused, finished, no book, the menu's
  /// first page and one of its pages, and the key describer on.
  static func situations() -> [(String, BoxState)] {
    var script = ByEarTests(saved: ReadingPosition(offset: 13, sentence: 1))
    var result: [(String, BoxState)] = [("stopped", script.state)]
    script.reading(at: 17)
    result.append(("reading", script.state))
    script.press(.play)
    script.send(.playback(.pauseResolved(token: script.state.playback.utteranceToken)))
    result.append(("paused", script.state))
    var finished = ByEarTests(saved: ReadingPosition(offset: ByEarTests.book.endOffset, sentence: 9))
    finished.send(.poweredOn)
    result.append(("finished", finished.state))
    var empty = ByEarTests()
    empty.state = BoxState()
    result.append(("no book", empty.state))
    var menu = ByEarTests(saved: ReadingPosition(offset: 13, sentence: 1))
    menu.press(.menu)
    result.append(("menu", menu.state))
    menu.send(.menu(.moved(steps: 1)))
    menu.send(.menu(.chosen))
    result.append(("menu page", menu.state))
    var describer = ByEarTests(saved: ReadingPosition(offset: 13, sentence: 1))
    describer.send(.control(name: .back, gesture: .long), at: 1)
    describer.send(.control(name: .menu, gesture: .long), at: 1.1)
    describer.send(.control(name: .menu, gesture: .repeatWhileHeld), at: 2.6)
    describer.send(.control(name: .back, gesture: .release), at: 2.7)
    describer.send(.control(name: .menu, gesture: .release), at: 2.7)
    result.append(("describer", describer.state))
    return result
  }

  /// A press as the decoders tell it: a short press, or a hold (long, a repeat, the release).
  static let presses: [(String, [Gesture])] = [
    ("short", [.short]), ("held", [.long, .repeatWhileHeld, .release]),
  ]

  static func answered(_ effects: [BoxEffect]) -> Bool {
    effects.contains { effect in
      switch effect {
      case .announce, .earcon: return true
      case .playback(.startUtterance), .playback(.pause), .playback(.resume), .playback(.stop): return true
      default: return false
      }
    }
  }

  @Test func everyPressInEveryModeIsAnswered() {
    var silent: [String] = []
    for (mode, state) in Self.situations() {
      for control in ControlName.allCases where control != .encoder && control != .describerChord {
        for (press, gestures) in Self.presses {
          var box = state
          var heard: [BoxEffect] = []
          var time = 100.0
          for gesture in gestures {
            time += 0.7
            let (next, effects) = Box.reduce(box, .control(name: control, gesture: gesture), at: time)
            box = next
            heard += effects
          }
          if !Self.answered(heard) { silent.append("\(mode): \(control) \(press)") }
        }
      }
      for (turn, event) in [("knob +1", BoxEvent.encoder(steps: 1)), ("knob -1", .encoder(steps: -1)),
        ("pushed knob +1", .encoderPushed(steps: 1)), ("pushed knob -1", .encoderPushed(steps: -1))]
      {
        let (_, effects) = Box.reduce(state, event, at: 100)
        if !Self.answered(effects) { silent.append("\(mode): \(turn)") }
      }
    }
    #expect(silent.isEmpty, "presses that end in silence: \(silent.joined(separator: "; "))")
  }
}
