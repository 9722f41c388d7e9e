/// One bookmark's page: go to it, or delete it (`MenuState.subject` is which).
enum BookmarkItem: CaseIterable, MenuItem {
  case goTo, delete

  func words(in state: BoxState) -> String {
    let number = (state.menu?.subject ?? 0) + 1
    switch self {
    case .goTo: return "Go to bookmark \(number)"
    case .delete: return "Delete bookmark \(number)"
    }
  }

  func chosen(_ menu: MenuState, in state: BoxState, at time: Double) -> Outcome {
    guard menu.subject < state.navigation.bookmarks.count else { return Outcome(Menu.enter(.bookmarks, state)) }
    let offset = state.navigation.bookmarks[menu.subject]
    switch self {
    case .goTo:
      let words = "Bookmark \(menu.subject + 1). \(WhereAmI.placeName(offset, in: state))"
      return Menu.goTo(offset, saying: words, state, at: time)
    case .delete:
      return Outcome(state, send: [.navigation(.removeBookmark(menu.subject))])
    }
  }
}
