/// The controls feature. Its state is `ControlsState` (what is held, the key describer, the knob's units);
/// it reads the mode and the context. A press or a turn meets the key describer first, then the chord,
/// then the control map, which makes it a typed intent (`ControlAction`, or the knob's detents) that the
/// root sends to the feature it is for (`Box.intent`, `Navigation`).
enum ControlHandling {
  static func pressed(
    _ controls: ControlsState, _ control: ControlName, _ gesture: Gesture, mode: ControlMode,
    _ context: FeatureContext
  ) -> FeatureStep<ControlsState> {
    var next = controls
    var effects: [BoxEffect] = []
    let time = context.time
    let chordCompleted = next.held.follow(control: control, gesture: gesture, at: time)
    let chordInvolved = next.held.heldTogether
    if gesture == .release { next.held.settle() }
    if chordCompleted { return toggleDescriber(next, context) }
    if let describer = next.describer {
      if describer.hasTimedOut(at: time) {
        next.describer = nil
        effects.append(context.say(context.words(.keyDescriberOff)))
      } else {
        guard gesture == .short || gesture == .long else { return FeatureStep(next) }
        // The describer's own control (a key bound to the chord) leaves it rather than being described.
        if ControlMap.action(control: control, gesture: gesture, in: mode) == .toggleKeyDescriber {
          return toggleDescriber(next, context)
        }
        next.describer = KeyDescriber(lastPress: time)
        let words = context.words
        let description = words(ControlMap.describedAction(control: control, gesture: gesture, in: mode)?.description ?? .doesNothingHere)
        let said = words(gesture == .long ? .controlHeldSaid : .controlSaid, .words(spokenName(control, words)), .words(description))
        return FeatureStep(next, [context.say(said)])
      }
    }
    guard let action = ControlMap.action(control: control, gesture: gesture, in: mode) else {
      return FeatureStep(next, effects)
    }
    // A held BACK or MENU that was part of the chord does not also act when let go (undo, back in the menu).
    if gesture == .release, chordInvolved, HeldControls.chord.contains(control) { return FeatureStep(next, effects) }
    return FeatureStep(next, effects, send: [.intent(action)])
  }

  /// The knob turned by `steps` detents (pushed in or not).
  static func turned(
    _ controls: ControlsState, steps: Int, pushed: Bool, mode: ControlMode, _ context: FeatureContext
  ) -> FeatureStep<ControlsState> {
    let unit = pushed ? controls.pushedKnob : controls.knob
    if let describer = controls.describer, !describer.hasTimedOut(at: context.time) {
      var next = controls
      next.describer = KeyDescriber(lastPress: context.time)
      return FeatureStep(next, [context.say(ControlMap.knobDescription(in: mode, pushed: pushed, unit: unit, context.words))])
    }
    guard mode == .reading, steps != 0 else {
      return FeatureStep(controls, send: ControlMap.actions(encoderSteps: steps, in: mode, pushed: pushed))
    }
    return FeatureStep(controls, send: [.navigation(.turned(unit, steps: steps))])
  }

  static func toggleDescriber(_ controls: ControlsState, _ context: FeatureContext) -> FeatureStep<ControlsState> {
    var next = controls
    if let describer = controls.describer {
      next.describer = nil
      return left(describer, next, context)
    }
    next.describer = KeyDescriber(
      lastPress: context.time, resumeReading: Interjection.isReading(context.playback.phase))
    let words = context.words(.keyDescriberOn)
    return FeatureStep(next, send: [.interject(words, before: [], resumeReading: false)])
  }

  /// The describer left (by the chord, the menu's item or its timeout): reading goes on if it was going on
  /// when the describer came on; otherwise the listener hears what to press.
  static func left(_ describer: KeyDescriber, _ controls: ControlsState, _ context: FeatureContext)
    -> FeatureStep<ControlsState>
  {
    let canRead = context.book.id != nil && !context.playback.book.isEmpty
    guard describer.resumeReading, canRead, context.playback.offset < context.playback.book.endOffset else {
      let said = context.words(.keyDescriberOff) + Box.whatToPress(context.book, context.playback, context.words)
      return FeatureStep(controls, [context.say(said)])
    }
    return FeatureStep(controls, send: [.interject(context.words(.keyDescriberOff), before: [], resumeReading: true)])
  }

  /// A long push of the knob: the next of what the book offers to move by, said over the book (which goes
  /// on).
  static func chooseUnit(_ controls: ControlsState, _ context: FeatureContext) -> FeatureStep<ControlsState> {
    let offered = KnobUnit.offered(by: context.book, narrated: context.playback.book.isNarrated)
    var next = controls
    let current = offered.firstIndex(of: controls.knob) ?? -1
    next.knob = offered[(current + 1) % offered.count]
    return FeatureStep(next, send: [.interject(Self.movingBy(next.knob, context.words), before: [], resumeReading: nil)])
  }

  /// "Move by level 2."
  static func movingBy(_ unit: KnobUnit, _ words: BoxWords) -> String {
    switch unit {
    case .sentence: return words(.moveBySentence)
    case .paragraph: return words(.moveByParagraph)
    case .chapter: return words(.moveByChapter)
    case .page: return words(.moveByPage)
    case .tenSeconds: return words(.moveByTenSeconds)
    case .minute: return words(.moveByMinute)
    case .level1, .level2, .level3, .level4, .level5, .level6: return words(.moveByLevel, .number(unit.level ?? 1))
    }
  }

  /// How the describer names a control: "Play", "Encoder push" (the knob's push in the box's language; the
  /// buttons by the names printed on them).
  static func spokenName(_ control: ControlName, _ words: BoxWords) -> String {
    if control == .encoderPush { return words(.knobPush) }
    let words = control.rawValue.split(separator: "_").map { $0.lowercased() }.joined(separator: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }
}
