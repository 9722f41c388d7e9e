extension Box {
  /// An intent the control map made of a press, to the feature it is for.
  static func intent(_ action: ControlAction, _ state: BoxState, at time: Double) -> Outcome {
    var next = state
    // Only what is said over the book keeps a pending "go on reading"; anything else takes it over.
    switch action {
    case .whereAmI, .faster, .slower, .nextChapter, .previousChapter, .undo, .toggleBigWord, .showStatus, .openMenu:
      break
    default:
      next.saying.resumeAfterSaying = false
    }
    // The greeting still starts reading after what is only said over it; anything else takes over.
    switch action {
    case .whereAmI, .faster, .slower: break
    default: next.saying.playAfterAnnouncement = false
    }
    let state = next
    switch action {
    case .playPause:
      return Resume.play(state, at: time)
    case .whereAmI:
      return Interjection.say(WhereAmI.text(state), state)
    case .stop:
      guard state.playback.phase.liveUtterance != nil else {
        return Outcome(state, [Box.say(state.words(.stopped), in: state)])
      }
      return Outcome(
        state, send: [.playback(.stopTapped), .perform(Box.say(state.words(.stoppedPlayGoesOn), in: state))])
    case .startOver:
      return Outcome(state, send: [.navigation(.jump([.startOverTapped], force: true))])
    case .nextSentence:
      // NEXT and PREVIOUS move by what the knob moves by, once the listener chose something else.
      guard state.controls.knob == .sentence else {
        return Outcome(state, send: [.navigation(.turned(state.controls.knob, steps: 1))])
      }
      return Outcome(state, send: [.navigation(.jump([.jumpToNextSentenceTapped], force: false))])
    case .previousSentence:
      guard state.controls.knob == .sentence else {
        return Outcome(state, send: [.navigation(.turned(state.controls.knob, steps: -1))])
      }
      return Outcome(state, send: [.navigation(.jump([.jumpToPreviousSentenceTapped], force: false))])
    case .chooseUnit:
      return state.scoping(\.controls, ControlHandling.chooseUnit(state.controls, FeatureContext(state, at: time)))
    case .nextChapter:
      return Outcome(state, send: [.navigation(.chapter(forward: true))])
    case .previousChapter:
      return Outcome(state, send: [.navigation(.chapter(forward: false))])
    case .faster:
      return SpokenSpeed.change(to: state.playback.wpm + SpeechRate.step, state)
    case .slower:
      return SpokenSpeed.change(to: state.playback.wpm - SpeechRate.step, state)
    case .openMenu:
      return Outcome(state, send: [.menu(.opened)])
    case .toggleBigWord:
      return Outcome(state, [.earcon(.accepted)], send: [.display(.toggleBigWord)])
    case .showStatus:
      return Outcome(state, [.earcon(.accepted)], send: [.display(.showStatus)])
    case .undo:
      return Outcome(state, send: [.navigation(.undo)])
    case .toggleKeyDescriber:
      return Outcome(state, send: [.toggleKeyDescriber])
    case .menuNext:
      return Outcome(state, send: [.menu(.moved(steps: 1))])
    case .menuPrevious:
      return Outcome(state, send: [.menu(.moved(steps: -1))])
    case .menuChoose:
      return Outcome(state, send: [.menu(.chosen)])
    case .menuBack:
      return Outcome(state, send: [.menu(.back)])
    }
  }
}
