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
  /// The next of what the knob and NEXT/PREVIOUS move by (sentence, paragraph, heading level, page).
  case chooseUnit
  case menuNext
  case menuPrevious
  case menuChoose
  case menuBack

  /// What the key describer says for a control bound to this action.
  public var description: PhraseKey {
    switch self {
    case .playPause: return .describePlayPause
    case .whereAmI: return .describeWhereAmI
    case .stop: return .describeStop
    case .startOver: return .describeStartOver
    case .nextSentence: return .describeNextSentence
    case .previousSentence: return .describePreviousSentence
    case .nextChapter: return .describeNextChapter
    case .previousChapter: return .describePreviousChapter
    case .faster: return .describeFaster
    case .slower: return .describeSlower
    case .openMenu: return .describeOpenMenu
    case .toggleBigWord: return .describeBigWord
    case .showStatus: return .describeShowStatus
    case .undo: return .describeUndo
    case .toggleKeyDescriber: return .describeKeyDescriber
    case .chooseUnit: return .describeChooseUnit
    case .menuNext: return .describeMenuNext
    case .menuPrevious: return .describeMenuPrevious
    case .menuChoose: return .describeMenuChoose
    case .menuBack: return .describeMenuBack
    }
  }
}
