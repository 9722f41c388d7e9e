/// The About page: the version and the free space (found when the page is entered); choosing closes.
enum AboutItem: CaseIterable, MenuItem {
  case version, freeSpace

  func words(in state: BoxState) -> String {
    switch self {
    case .version: return state.condition.about.map { "Version \($0.version)" } ?? "Version: finding out"
    case .freeSpace: return "Free space: " + (state.condition.about?.spokenFreeSpace ?? "finding out")
    }
  }

  func chosen(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?> {
    FeatureStep(menu, send: [.closeMenu("Menu closed.")])
  }
}
