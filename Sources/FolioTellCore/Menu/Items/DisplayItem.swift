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

  func chosen(_ menu: MenuState, in state: BoxState, at time: Double) -> Outcome {
    var next = state
    let words: String
    switch self {
    case .bigWord:
      next.display.mode = state.display.mode == .bigWord ? .reading : .bigWord
      words = next.display.mode == .bigWord ? "Big word on." : "Big word off."
    case .textSize:
      next.display.textSize = state.display.textSize.next
      words = "Text size \(next.display.textSize.rawValue)."
    case .night:
      next.display.night.toggle()
      words = next.display.night ? "Night mode on." : "Night mode off."
    case .displayOff:
      next.display.isOff.toggle()
      words = next.display.isOff ? "Display off." : "Display on."
    }
    return Outcome(Menu.close(words, next))
  }
}
