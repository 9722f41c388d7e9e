/// One bookmark's page: go to it, or delete it (`MenuState.subject` is which).
enum BookmarkItem: CaseIterable, MenuItem {
  case goTo, delete

  func words(in state: BoxState) -> String {
    let number = (state.menu?.subject ?? 0) + 1
    switch self {
    case .goTo: return state.words(.goToBookmark, .number(number))
    case .delete: return state.words(.deleteBookmark, .number(number))
    }
  }

  func chosen(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?> {
    let bookmarks = context.box.navigation.bookmarks
    guard menu.subject < bookmarks.count else { return Menu.enter(.bookmarks, from: menu, context) }
    let offset = bookmarks[menu.subject]
    switch self {
    case .goTo:
      let words = context.words(
        .bookmarkPlace, .number(menu.subject + 1), .words(WhereAmI.placeName(offset, in: context.box)))
      return Menu.goTo(offset, saying: words)
    case .delete:
      return FeatureStep(menu, send: [.navigation(.removeBookmark(menu.subject))])
    }
  }
}
