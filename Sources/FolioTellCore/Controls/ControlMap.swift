/// What a named control means in the box's current mode, as the events the root reducer then handles.
/// It is consulted inside the reducer, on the state as it is when the control is handled, so two presses
/// queued behind each other both count and a press right after MENU already moves in the menu.
public enum ControlMap {
  /// How much one speed step changes the rate, in words per minute.
  public static let speedStep = 25

  public static func mode(of state: ReaderState) -> ControlMode { state.menu == nil ? .reading : .menu }

  /// A button's gesture; a control with nothing to do in the mode gives no event.
  public static func events(control: String, gesture: Gesture, in state: ReaderState) -> [ReaderEvent] {
    switch mode(of: state) {
    case .reading:
      if control == ControlName.menu, gesture == .short { return [.menu(.opened)] }
      return reading(control, gesture, wpm: state.playback.wpm).map { .playback($0) }
    case .menu:
      return menu(control, gesture).map { .menu($0) }
    }
  }

  /// The knob's detents: sentence by sentence while reading, item by item in the menu.
  public static func events(encoderSteps steps: Int, in state: ReaderState) -> [ReaderEvent] {
    guard steps != 0 else { return [] }
    switch mode(of: state) {
    case .reading:
      let event: PlaybackEvent = steps > 0 ? .jumpToNextSentenceTapped : .jumpToPreviousSentenceTapped
      return Array(repeating: .playback(event), count: steps.magnitude > 1000 ? 1000 : Int(steps.magnitude))
    case .menu:
      return [.menu(.moved(steps: steps))]
    }
  }

  /// Menu: step through the items, PLAY (or the encoder's push) chooses, BACK, MENU or STOP goes back.
  static func menu(_ control: String, _ gesture: Gesture) -> [MenuEvent] {
    switch (control, gesture) {
    case (_, .release):
      return []
    case (ControlName.next, _), (ControlName.faster, _):
      return [.moved(steps: 1)]
    case (ControlName.previous, _), (ControlName.slower, _):
      return [.moved(steps: -1)]
    case (ControlName.play, .short), (ControlName.encoderPush, .short):
      return [.chosen]
    case (ControlName.back, .short), (ControlName.menu, .short), (ControlName.stop, .short):
      return [.back]
    default:
      return []
    }
  }

  /// Reading: play/pause, stop, sentence by sentence (held: fast, one sentence per repeat), speed.
  static func reading(_ control: String, _ gesture: Gesture, wpm: Int) -> [PlaybackEvent] {
    switch (control, gesture) {
    case (_, .release):
      return []
    case (ControlName.play, .short), (ControlName.encoderPush, .short):
      return [.primaryTapped]
    case (ControlName.play, .long), (ControlName.encoderPush, .long), (ControlName.stop, .short):
      return [.stopTapped]
    case (ControlName.stop, .long):
      return [.startOverTapped]
    case (ControlName.next, _):
      return [.jumpToNextSentenceTapped]
    case (ControlName.previous, _):
      return [.jumpToPreviousSentenceTapped]
    case (ControlName.faster, _):
      return [.speedChanged(wpm: wpm + speedStep)]
    case (ControlName.slower, _):
      return [.speedChanged(wpm: wpm - speedStep)]
    default:
      return []
    }
  }
}
