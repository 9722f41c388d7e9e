/// The Volume and pitch page.
enum SoundItem: CaseIterable, MenuItem {
  case volume, pitch, earcons

  func words(in state: BoxState) -> String {
    switch self {
    case .volume: return "Volume: \(state.settings.volume) percent"
    case .pitch: return "Pitch: \(state.settings.pitch)"
    case .earcons: return "Sounds for presses: " + (state.settings.earcons ? "on" : "off")
    }
  }

  func chosen(_ menu: MenuState, in state: BoxState, at time: Double) -> Outcome {
    switch self {
    case .volume:
      let nearest = Settings.volumeChoices.firstIndex { $0 >= state.settings.volume } ?? Settings.volumeChoices.count - 1
      return Outcome(Menu.enter(.volume, selected: nearest, state))
    case .pitch:
      return Outcome(Menu.enter(.pitch, selected: Settings.pitchChoices.firstIndex { $0 >= state.settings.pitch } ?? 0, state))
    case .earcons:
      var next = state
      next.settings.earcons.toggle()
      return Outcome(Menu.close(next.settings.earcons ? "Sounds for presses on." : "Sounds for presses off.", next))
    }
  }
}
