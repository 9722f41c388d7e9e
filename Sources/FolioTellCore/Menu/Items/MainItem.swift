/// The main page.
enum MainItem: String, CaseIterable, MenuItem {
  case books = "Books"
  case goTo = "Go to"
  case bookmarks = "Bookmarks"
  case speed = "Speed"
  case voice = "Voice"
  case sound = "Volume and pitch"
  case sleepTimer = "Sleep timer"
  case display = "Display"
  case keyDescriber = "Key describer"
  case about = "About"
  case backToReading = "Back to reading"

  func words(in state: BoxState) -> String {
    switch self {
    case .speed: return "Speed: \(state.playback.wpm) words a minute"
    case .voice: return "Voice: " + Menu.voiceName(state.playback.voice, in: state)
    case .sleepTimer: return "Sleep timer: " + (state.sleepTimer?.spokenLeft ?? "off")
    default: return rawValue
    }
  }

  func chosen(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?> {
    let box = context.box
    switch self {
    case .books:
      let open = box.book.id.flatMap { id in box.library.books.firstIndex { $0.id == id } }
      return Menu.enter(.books, selected: open ?? 0, from: menu, context)
    case .goTo: return Menu.enter(.goTo, from: menu, context)
    case .bookmarks: return Menu.enter(.bookmarks, from: menu, context)
    case .speed:
      // The step nearest the current rate.
      let speeds = Menu.speeds(in: box)
      let wpm = box.playback.wpm
      let nearest = speeds.indices.min { abs(speeds[$0] - wpm) < abs(speeds[$1] - wpm) } ?? 0
      return Menu.enter(.speed, selected: nearest, from: menu, context)
    case .voice:
      let voices = Menu.orderedVoices(box)
      // The voice in use, or the one its language names (the main page said its name).
      let name = Menu.voiceName(box.playback.voice, in: box)
      let inUse = voices.firstIndex { $0.id == box.playback.voice } ?? voices.firstIndex { $0.name == name }
      return Menu.enter(.voice, selected: inUse ?? 0, from: menu, context)
    case .sound: return Menu.enter(.sound, from: menu, context)
    case .sleepTimer: return Menu.enter(.sleepTimer, from: menu, context)
    case .display: return Menu.enter(.display, from: menu, context)
    case .about:
      var entered = Menu.enter(.about, from: menu, context)
      entered.effects.append(.describeSystem)
      return entered
    case .keyDescriber:
      return FeatureStep(nil, send: [.toggleKeyDescriber])
    case .backToReading:
      return FeatureStep(menu, send: [.closeMenu("Menu closed.")])
    }
  }
}
