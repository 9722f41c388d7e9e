/// The Go to page: a chapter, a percentage, or (when the book has them) a page of the print edition.
enum GoToItem: CaseIterable, MenuItem {
  case chapters, percent, pages

  static func shown(in state: BoxState) -> [GoToItem] { state.book.pages.isEmpty ? [.chapters, .percent] : allCases }

  func words(in state: BoxState) -> String {
    switch self {
    case .chapters: return state.words(.goToChapters)
    case .percent: return state.words(.goToPercent)
    case .pages: return state.words(.goToPages)
    }
  }

  func chosen(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?> {
    switch self {
    case .chapters: return Menu.enter(.chapters, from: menu, context)
    case .percent: return Menu.enter(.percent, from: menu, context)
    case .pages:
      // The page the listener is on is selected, so a page near it is a few steps away.
      let box = context.box
      let current = box.book.pages.lastIndex { $0.start <= box.playback.offset } ?? 0
      return Menu.enter(.pages, selected: current, from: menu, context)
    }
  }
}
