/// A control or the knob, handled on the state it meets: the key describer first, then the chord, then
/// the action the control map gives.
enum ControlHandling {
  static func handle(_ state: BoxState, control: ControlName, gesture: Gesture, at time: Double) -> Outcome {
    var next = state
    var effects: [BoxEffect] = []
    let chordCompleted = next.controls.held.follow(control: control, gesture: gesture, at: time)
    let chordInvolved = next.controls.held.heldTogether
    if gesture == .release { next.controls.held.settle() }
    // Any control during the sleep timer's fade wakes the box: the volume comes back.
    (next, effects) = SleepTimers.controlTouched(next, effects, at: time)
    let mode = ControlMap.mode(of: next)
    if chordCompleted { return toggleDescriber(next, at: time).after(effects) }
    if let describer = next.controls.describer {
      if describer.hasTimedOut(at: time) {
        next.controls.describer = nil
        effects.append(Box.say("Key describer off.", in: next))
      } else {
        guard gesture == .short || gesture == .long else { return Outcome(next, effects) }
        // The describer's own control (a key bound to the chord) leaves it rather than being described.
        if ControlMap.action(control: control, gesture: gesture, in: mode) == .toggleKeyDescriber {
          return toggleDescriber(next, at: time).after(effects)
        }
        next.controls.describer = KeyDescriber(lastPress: time)
        let description =
          ControlMap.describedAction(control: control, gesture: gesture, in: mode)?.description
          ?? "Does nothing here."
        let held = gesture == .long ? " held" : ""
        effects.append(Box.say("\(spokenName(control))\(held): \(description)", in: next))
        return Outcome(next, effects)
      }
    }
    guard let action = ControlMap.action(control: control, gesture: gesture, in: mode) else {
      return Outcome(next, effects)
    }
    // A held BACK that was part of the chord does not also undo when let go.
    if action == .undo, chordInvolved { return Outcome(next, effects) }
    return perform(action, next, at: time).after(effects)
  }

  static func handle(_ state: BoxState, encoderSteps steps: Int, pushed: Bool, at time: Double) -> Outcome {
    var (next, effects) = SleepTimers.controlTouched(state, [], at: time)
    let mode = ControlMap.mode(of: next)
    let unit = pushed ? next.controls.pushedKnob : next.controls.knob
    if next.controls.describer != nil, !(next.controls.describer?.hasTimedOut(at: time) ?? true) {
      next.controls.describer = KeyDescriber(lastPress: time)
      effects.append(Box.say(ControlMap.knobDescription(in: mode, pushed: pushed, unit: unit), in: next))
      return Outcome(next, effects)
    }
    if mode == .reading, unit != .sentence, steps != 0 {
      return Navigation.knob(unit, steps: steps, next, at: time).after(effects)
    }
    guard mode == .reading, steps != 0 else {
      return Outcome(next, effects, send: ControlMap.actions(encoderSteps: steps, in: mode))
    }
    next.saying.resumeAfterSaying = false
    let chapterBefore = Navigation.chapterIndex(at: next.playback.offset, in: next.book.chapters)
    let jump = ControlMap.sentenceJumps(encoderSteps: steps)
    var moved = Navigation.keepingUndo(next, at: time, jump).after(effects)
    // The knob took the place into another chapter: a tone says so without stopping the reading.
    moved.send.append(.knobLanded(chapterBefore: chapterBefore))
    return moved
  }

  static func toggleDescriber(_ state: BoxState, at time: Double) -> Outcome {
    var next = state
    if state.controls.describer == nil {
      next.controls.describer = KeyDescriber(lastPress: time)
      return Interjection.say(
        "Key describer on. Press any control to hear what it does. Hold BACK and MENU again to leave.", next,
        resumeReading: false)
    }
    next.controls.describer = nil
    return Outcome(next, [Box.say("Key describer off.", in: next)])
  }

  /// How the describer names a control: "Play", "Encoder push".
  static func spokenName(_ control: ControlName) -> String {
    let words = control.rawValue.split(separator: "_").map { $0.lowercased() }.joined(separator: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  static func perform(_ action: ControlAction, _ state: BoxState, at time: Double) -> Outcome {
    var next = state
    // Only what is said over the book keeps a pending "go on reading"; anything else takes it over.
    switch action {
    case .whereAmI, .faster, .slower, .nextChapter, .previousChapter, .undo, .toggleBigWord, .showStatus, .openMenu:
      break
    default:
      next.saying.resumeAfterSaying = false
    }
    let state = next
    switch action {
    case .playPause:
      return Resume.play(state, at: time)
    case .whereAmI:
      return Interjection.say(WhereAmI.text(state), state)
    case .stop:
      guard state.playback.phase.liveUtterance != nil else {
        return Outcome(state, [Box.say("Stopped.", in: state)])
      }
      return Outcome(
        state, send: [.playback(.stopTapped), .perform(Box.say("Stopped. PLAY goes on from here.", in: state))])
    case .startOver:
      return Navigation.keepingUndo(state, at: time, force: true, [.startOverTapped])
    case .nextSentence:
      return Navigation.keepingUndo(state, at: time, [.jumpToNextSentenceTapped])
    case .previousSentence:
      return Navigation.keepingUndo(state, at: time, [.jumpToPreviousSentenceTapped])
    case .nextChapter:
      return Navigation.chapter(forward: true, state, at: time)
    case .previousChapter:
      return Navigation.chapter(forward: false, state, at: time)
    case .faster:
      return SpokenSpeed.change(to: state.playback.wpm + SpeechRate.step, state)
    case .slower:
      return SpokenSpeed.change(to: state.playback.wpm - SpeechRate.step, state)
    case .openMenu:
      return Outcome(state, send: [.menu(.opened)])
    case .toggleBigWord:
      next.display.mode = state.display.mode == .reading ? .bigWord : .reading
      return Outcome(next, [.earcon(.accepted)])
    case .showStatus:
      next.display.statusRequestedAt = time
      return Outcome(next, [.earcon(.accepted)])
    case .undo:
      return Navigation.undo(state, at: time)
    case .toggleKeyDescriber:
      return toggleDescriber(state, at: time)
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
