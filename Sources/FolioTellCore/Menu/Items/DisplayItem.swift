/// The Display page: each item toggles (the text size goes round its sizes) and the menu closes saying so.
enum DisplayItem: CaseIterable, MenuItem {
  case bigWord, textSize, night, displayOff

  func words(in state: BoxState) -> String {
    let view = state.display
    switch self {
    case .bigWord: return "Big word: " + (view.mode == .bigWord ? "on" : "off")
    case .textSize: return "Text size: " + view.textSize.rawValue
    case .night: return "Night mode: " + (view.night ? "on" : "off")
    case .displayOff: return "Display: " + (view.isOff ? "off" : "on")
    }
  }

  func chosen(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?> {
    let view = context.box.display
    let change: DisplayAction
    let words: String
    switch self {
    case .bigWord:
      change = .toggleBigWord
      words = view.mode == .bigWord ? "Big word off." : "Big word on."
    case .textSize:
      change = .textSize(view.textSize.next)
      words = "Text size \(view.textSize.next.rawValue)."
    case .night:
      change = .night(!view.night)
      words = view.night ? "Night mode off." : "Night mode on."
    case .displayOff:
      change = .off(!view.isOff)
      words = view.isOff ? "Display on." : "Display off."
    }
    return FeatureStep(menu, send: [.display(change), .closeMenu(words)])
  }
}
