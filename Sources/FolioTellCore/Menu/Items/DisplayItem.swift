/// The Display page: each item toggles (the text size goes round its sizes) and the menu closes saying so.
enum DisplayItem: CaseIterable, MenuItem {
  case bigWord, textSize, night, displayOff

  func words(in state: BoxState) -> String {
    let view = state.display
    let words = state.words
    switch self {
    case .bigWord: return words(.bigWordItem, .words(words.onOff(view.mode == .bigWord)))
    case .textSize: return words(.textSizeItem, .words(words(view.textSize.phrase)))
    case .night: return words(.nightItem, .words(words.onOff(view.night)))
    case .displayOff: return words(.displayItem, .words(words.onOff(!view.isOff)))
    }
  }

  func chosen(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?> {
    let view = context.box.display
    let change: DisplayAction
    let words: String
    let say = context.words
    switch self {
    case .bigWord:
      change = .toggleBigWord
      words = say(view.mode == .bigWord ? .bigWordOff : .bigWordOn)
    case .textSize:
      change = .textSize(view.textSize.next)
      words = say(.textSizeChosen, .words(say(view.textSize.next.phrase)))
    case .night:
      change = .night(!view.night)
      words = say(view.night ? .nightOff : .nightOn)
    case .displayOff:
      change = .off(!view.isOff)
      words = say(view.isOff ? .displayOn : .displayOff)
    }
    return FeatureStep(menu, send: [.display(change), .closeMenu(words)])
  }
}

extension TextSize {
  /// The size's name, said in the box's language.
  var phrase: PhraseKey {
    switch self {
    case .small: return .textSizeSmall
    case .normal: return .textSizeNormal
    case .large: return .textSizeLarge
    case .larger: return .textSizeLarger
    }
  }
}
