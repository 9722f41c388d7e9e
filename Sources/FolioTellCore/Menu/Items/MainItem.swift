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

  func chosen(_ menu: MenuState, in state: BoxState, at time: Double) -> Outcome {
    switch self {
    case .books:
      let open = state.book.id.flatMap { id in state.library.books.firstIndex { $0.id == id } }
      return Outcome(Menu.enter(.books, selected: open ?? 0, state))
    case .goTo: return Outcome(Menu.enter(.goTo, state))
    case .bookmarks: return Outcome(Menu.enter(.bookmarks, state))
    case .speed:
      // The step nearest the current rate.
      let speeds = Menu.speeds(in: state)
      let nearest =
        speeds.indices.min { abs(speeds[$0] - state.playback.wpm) < abs(speeds[$1] - state.playback.wpm) } ?? 0
      return Outcome(Menu.enter(.speed, selected: nearest, state))
    case .voice:
      let voices = Menu.orderedVoices(state)
      return Outcome(Menu.enter(.voice, selected: voices.firstIndex { $0.id == state.playback.voice } ?? 0, state))
    case .sound: return Outcome(Menu.enter(.sound, state))
    case .sleepTimer: return Outcome(Menu.enter(.sleepTimer, state))
    case .display: return Outcome(Menu.enter(.display, state))
    case .about:
      let (entered, effects) = Menu.enter(.about, state)
      return Outcome(entered, effects + [.describeSystem])
    case .keyDescriber:
      var closed = state
      closed.menu = nil
      return Outcome(closed, send: [.toggleKeyDescriber])
    case .backToReading: return Outcome(Menu.close("Menu closed.", state))
    }
  }
}
