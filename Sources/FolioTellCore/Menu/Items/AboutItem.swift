/// The About page: the version and the free space (found when the page is entered); choosing closes.
enum AboutItem: CaseIterable, MenuItem {
  case version, freeSpace

  func words(in state: BoxState) -> String {
    let words = state.words
    switch self {
    case .version: return state.condition.about.map { words(.version, .words($0.version)) } ?? words(.versionFindingOut)
    case .freeSpace:
      return words(.freeSpace, .words(state.condition.about?.spokenFreeSpace(words) ?? words(.findingOut)))
    }
  }

  func chosen(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?> {
    FeatureStep(menu, send: [.closeMenu(context.words(.menuClosed))])
  }
}
