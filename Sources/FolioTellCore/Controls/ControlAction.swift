/// What a control does, in words as well as in deeds: the control map binds gestures to these, and the key
/// describer says `description`, so what a key is said to do is always what it does.
public enum ControlAction: Equatable, Sendable, Codable {
  case playPause
  case whereAmI
  case stop
  case startOver
  case nextSentence
  case previousSentence
  case nextChapter
  case previousChapter
  case faster
  case slower
  case openMenu
  case toggleBigWord
  case showStatus
  case undo
  case toggleKeyDescriber
  case menuNext
  case menuPrevious
  case menuChoose
  case menuBack

  /// What the key describer says for a control bound to this action.
  public var description: String {
    switch self {
    case .playPause: return "Play, pause, and go on."
    case .whereAmI: return "Where am I: the book, the chapter, how far, and the time left."
    case .stop: return "Stop. Play goes on from the same place."
    case .startOver: return "Start the book over from the beginning."
    case .nextSentence: return "Next sentence."
    case .previousSentence: return "Back to the start of the sentence, or the sentence before."
    case .nextChapter: return "Next chapter."
    case .previousChapter: return "Back to the start of the chapter, or the chapter before."
    case .faster: return "Faster."
    case .slower: return "Slower."
    case .openMenu: return "Menu."
    case .toggleBigWord: return "Big word on the display, or the whole sentence."
    case .showStatus: return "Show the status on the display."
    case .undo: return "Undo: back to where you were before the last jump."
    case .toggleKeyDescriber: return "Key describer on or off."
    case .menuNext: return "Next item."
    case .menuPrevious: return "Previous item."
    case .menuChoose: return "Choose this item."
    case .menuBack: return "Back: up one page, or close the menu."
    }
  }
}
