import FolioTellCore

/// The box's named controls. Physical inputs (GPIO lines, keys of an input device) are given these names
/// by the board file and the config; what each does depends on the mode the box is in.
public enum ControlName {
  public static let play = "PLAY"
  public static let stop = "STOP"
  public static let next = "NEXT"
  public static let previous = "PREVIOUS"
  public static let faster = "FASTER"
  public static let slower = "SLOWER"
  public static let menu = "MENU"
  public static let back = "BACK"
  public static let encoder = "ENCODER"
  public static let encoderPush = "ENCODER_PUSH"

  public static let all = [play, stop, next, previous, faster, slower, menu, back, encoder, encoderPush]
}

/// The mode the box is in decides what a control does.
public enum ControlMode: String, Sendable {
  /// A book is open: reading, paused or finished.
  case reading
  /// The menu is open: the controls move through it.
  case menu
}

/// Named controls to reducer events. A control with nothing to do in the mode gives no event.
public enum ControlMap {
  /// How much one speed step changes the rate, in words per minute.
  public static let speedStep = 25

  public static func mode(of state: ReaderState) -> ControlMode { state.menu == nil ? .reading : .menu }

  public static func events(for output: ControlOutput, in state: ReaderState) -> [ReaderEvent] {
    switch mode(of: state) {
    case .reading:
      if output.control == ControlName.menu, output.action == .gesture(.short) { return [.menu(.opened)] }
      return reading(output, wpm: state.playback.wpm).map { .playback($0) }
    case .menu: return menu(output).map { .menu($0) }
    }
  }

  /// Menu: turn or step through the items, PLAY (or the encoder's push) chooses, BACK or MENU goes back.
  static func menu(_ output: ControlOutput) -> [MenuEvent] {
    switch (output.control, output.action) {
    case (ControlName.encoder, .turn(let steps)):
      return [.moved(steps: steps)]
    case (ControlName.next, .gesture(let gesture)) where gesture != .release,
      (ControlName.faster, .gesture(let gesture)) where gesture != .release:
      return [.moved(steps: 1)]
    case (ControlName.previous, .gesture(let gesture)) where gesture != .release,
      (ControlName.slower, .gesture(let gesture)) where gesture != .release:
      return [.moved(steps: -1)]
    case (ControlName.play, .gesture(.short)), (ControlName.encoderPush, .gesture(.short)):
      return [.chosen]
    case (ControlName.back, .gesture(.short)), (ControlName.menu, .gesture(.short)),
      (ControlName.stop, .gesture(.short)):
      return [.back]
    default:
      return []
    }
  }

  /// Reading: play/pause, stop, sentence by sentence (held: fast, one sentence per repeat), speed.
  static func reading(_ output: ControlOutput, wpm: Int) -> [PlaybackEvent] {
    switch (output.control, output.action) {
    case (ControlName.play, .gesture(.short)), (ControlName.encoderPush, .gesture(.short)):
      return [.primaryTapped]
    case (ControlName.play, .gesture(.long)), (ControlName.encoderPush, .gesture(.long)),
      (ControlName.stop, .gesture(.short)):
      return [.stopTapped]
    case (ControlName.stop, .gesture(.long)):
      return [.startOverTapped]
    case (ControlName.next, .gesture(let gesture)) where gesture != .release:
      return [.jumpToNextSentenceTapped]
    case (ControlName.previous, .gesture(let gesture)) where gesture != .release:
      return [.jumpToPreviousSentenceTapped]
    case (ControlName.encoder, .turn(let steps)):
      let event: PlaybackEvent = steps > 0 ? .jumpToNextSentenceTapped : .jumpToPreviousSentenceTapped
      return Array(repeating: event, count: abs(steps))
    case (ControlName.faster, .gesture(let gesture)) where gesture != .release:
      return [.speedChanged(wpm: wpm + speedStep)]
    case (ControlName.slower, .gesture(let gesture)) where gesture != .release:
      return [.speedChanged(wpm: wpm - speedStep)]
    default:
      return []
    }
  }
}
