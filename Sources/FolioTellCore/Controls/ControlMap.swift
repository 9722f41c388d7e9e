/// What a named control means in the box's current mode. It is consulted inside the reducer, on the state
/// as it is when the control is handled, so two presses queued behind each other both count and a press
/// right after MENU already moves in the menu. The same tables give the key describer its words.
public enum ControlMap {
  /// Reading: play/pause, where am I, stop, sentence and chapter steps, speed, the menu, the display, undo.
  /// A long BACK acts when it is let go, so that holding BACK with MENU (the key describer's chord) does not
  /// undo first.
  public static let reading: [ControlBinding] = [
    ControlBinding(ControlName.play, [.short], .playPause),
    ControlBinding(ControlName.encoderPush, [.short], .playPause),
    ControlBinding(ControlName.play, [.long], .whereAmI),
    // The knob's push acts when let go: a turn while it is held is a pushed turn instead.
    ControlBinding(ControlName.encoderPush, [.release], .chooseUnit),
    ControlBinding(ControlName.stop, [.short], .stop),
    ControlBinding(ControlName.stop, [.long], .startOver),
    ControlBinding(ControlName.next, [.short], .nextSentence),
    ControlBinding(ControlName.next, [.long], .nextChapter),
    ControlBinding(ControlName.previous, [.short], .previousSentence),
    ControlBinding(ControlName.previous, [.long], .previousChapter),
    ControlBinding(ControlName.faster, [.short, .long, .repeatWhileHeld], .faster),
    ControlBinding(ControlName.slower, [.short, .long, .repeatWhileHeld], .slower),
    ControlBinding(ControlName.menu, [.short], .openMenu),
    ControlBinding(ControlName.menu, [.long], .showStatus),
    ControlBinding(ControlName.back, [.short], .toggleBigWord),
    ControlBinding(ControlName.back, [.release], .undo),
    ControlBinding(ControlName.describerChord, [.long], .toggleKeyDescriber),
  ]

  /// Menu: step through the items, PLAY (or the encoder's push) chooses, BACK, MENU or STOP goes back,
  /// pressed or held. A held MENU or BACK goes back when let go, so that holding both (the key describer's
  /// chord) does not go back first.
  public static let menu: [ControlBinding] = [
    ControlBinding(ControlName.next, [.short, .long, .repeatWhileHeld], .menuNext),
    ControlBinding(ControlName.faster, [.short, .long, .repeatWhileHeld], .menuNext),
    ControlBinding(ControlName.previous, [.short, .long, .repeatWhileHeld], .menuPrevious),
    ControlBinding(ControlName.slower, [.short, .long, .repeatWhileHeld], .menuPrevious),
    ControlBinding(ControlName.play, [.short, .long], .menuChoose),
    ControlBinding(ControlName.encoderPush, [.short, .release], .menuChoose),
    ControlBinding(ControlName.back, [.short, .release], .menuBack),
    ControlBinding(ControlName.menu, [.short, .release], .menuBack),
    ControlBinding(ControlName.stop, [.short, .long], .menuBack),
    ControlBinding(ControlName.describerChord, [.long], .toggleKeyDescriber),
  ]

  /// What the knob does, said by the key describer.
  public static func knobDescription(
    in mode: ControlMode, pushed: Bool = false, unit: KnobUnit = .sentence, _ words: BoxWords = BoxWords(language: "en")
  ) -> String {
    let how = PhraseArgument.words(words(pushed ? .knobPushedIn : .knob))
    switch mode {
    case .reading:
      switch unit {
      case .sentence: return words(.knobBySentence, how)
      case .paragraph: return words(.knobByParagraph, how)
      case .chapter: return words(.knobByChapter, how)
      case .page: return words(.knobByPage, how)
      case .tenSeconds: return words(.knobByTenSeconds, how)
      case .minute: return words(.knobByMinute, how)
      case .level1, .level2, .level3, .level4, .level5, .level6: return words(.knobByLevel, how, .number(unit.level ?? 1))
      }
    case .menu: return words(pushed ? .knobPushedInMenu : .knobInMenu, how)
    }
  }

  public static func mode(of state: BoxState) -> ControlMode { state.menu == nil ? .reading : .menu }

  public static func bindings(in mode: ControlMode) -> [ControlBinding] {
    switch mode {
    case .reading: return reading
    case .menu: return menu
    }
  }

  /// The action of a control's gesture in a mode, if it has one.
  public static func action(control: ControlName, gesture: Gesture, in mode: ControlMode) -> ControlAction? {
    bindings(in: mode).first { $0.control == control && $0.gestures.contains(gesture) }?.action
  }

  /// What the key describer says for a control held or pressed: the action of that gesture, or (for a
  /// control that acts when let go after holding) of its release.
  public static func describedAction(control: ControlName, gesture: Gesture, in mode: ControlMode) -> ControlAction? {
    switch gesture {
    case .short:
      return action(control: control, gesture: .short, in: mode)
    case .long:
      return action(control: control, gesture: .long, in: mode)
        ?? action(control: control, gesture: .release, in: mode)
    case .repeatWhileHeld, .release:
      return nil
    }
  }

  /// The knob's detents outside reading by sentence: item by item in the menu; pushed in, letter by
  /// letter on the Books page.
  static func actions(encoderSteps steps: Int, in mode: ControlMode, pushed: Bool = false) -> [BoxAction] {
    guard steps != 0, mode == .menu else { return [] }
    return [.menu(pushed ? .jumpedByLetter(steps: steps) : .moved(steps: steps))]
  }

  /// The knob's detents while reading: a sentence each (at most 1000 at once).
  public static func sentenceJumps(encoderSteps steps: Int) -> [PlaybackEvent] {
    let event: PlaybackEvent = steps > 0 ? .jumpToNextSentenceTapped : .jumpToPreviousSentenceTapped
    return Array(repeating: event, count: steps.magnitude > 1000 ? 1000 : Int(steps.magnitude))
  }
}
