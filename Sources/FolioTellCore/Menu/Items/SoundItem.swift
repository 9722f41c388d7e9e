/// The Volume and pitch page.
enum SoundItem: CaseIterable, MenuItem {
  case volume, pitch, earcons

  func words(in state: BoxState) -> String {
    let words = state.words
    switch self {
    case .volume: return words(.volumeItem, .count(state.settings.volume, .percent))
    case .pitch: return words(.pitchItem, .number(state.settings.pitch))
    case .earcons: return words(.earconsItem, .words(words.onOff(state.settings.earcons)))
    }
  }

  func chosen(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?> {
    let settings = context.box.settings
    switch self {
    case .volume:
      let nearest = Settings.volumeChoices.firstIndex { $0 >= settings.volume } ?? Settings.volumeChoices.count - 1
      return Menu.enter(.volume, selected: nearest, from: menu, context)
    case .pitch:
      let nearest = Settings.pitchChoices.firstIndex { $0 >= settings.pitch } ?? 0
      return Menu.enter(.pitch, selected: nearest, from: menu, context)
    case .earcons:
      let on = !settings.earcons
      return FeatureStep(
        menu, send: [.settings(.earcons(on)), .closeMenu(context.words(on ? .earconsOn : .earconsOff))])
    }
  }
}
