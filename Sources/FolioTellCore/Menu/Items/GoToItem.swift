/// The Go to page: a chapter, a percentage, or (when the book has them) a page of the print edition.
enum GoToItem: CaseIterable, MenuItem {
  case chapters, percent, pages

  static func shown(in state: BoxState) -> [GoToItem] { state.book.pages.isEmpty ? [.chapters, .percent] : allCases }

  func words(in state: BoxState) -> String {
    switch self {
    case .chapters: return "Chapters"
    case .percent: return "A percentage"
    case .pages: return "A page of the print edition"
    }
  }

  func chosen(_ menu: MenuState, in state: BoxState, at time: Double) -> Outcome {
    switch self {
    case .chapters: return Outcome(Menu.enter(.chapters, state))
    case .percent: return Outcome(Menu.enter(.percent, state))
    case .pages:
      // The page the listener is on is selected, so a page near it is a few steps away.
      let current = state.book.pages.lastIndex { $0.start <= state.playback.offset } ?? 0
      return Outcome(Menu.enter(.pages, selected: current, state))
    }
  }
}
