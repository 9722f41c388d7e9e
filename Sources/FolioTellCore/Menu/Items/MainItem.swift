/// The main page.
/// The box's language is the last item, where the knob turned all the way round finds it: a listener who
/// does not understand the box's words can still reach it.
enum MainItem: CaseIterable, MenuItem {
  case books, goTo, bookmarks, speed, voice, sound, sleepTimer, display, keyDescriber, about, backToReading
  case language

  func words(in state: BoxState) -> String {
    let words = state.words
    switch self {
    case .books: return words(.booksTitle)
    case .goTo: return words(.goToTitle)
    case .bookmarks: return words(.bookmarksTitle)
    case .speed: return words(.speedItem, .count(state.playback.wpm, .wordsPerMinute))
    case .voice: return words(.voiceItem, .words(Menu.voiceName(state.playback.voice, in: state)))
    case .sound: return words(.soundTitle)
    case .sleepTimer: return words(.sleepTimerItem, .words(state.sleepTimer?.spokenLeft(words) ?? words(.off)))
    case .display: return words(.displayTitle)
    case .keyDescriber: return words(.keyDescriberItem)
    case .about: return words(.aboutTitle)
    case .backToReading: return words(.backToReading)
    case .language: return words(.languageItem, .words(words.table.name))
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
      return FeatureStep(menu, send: [.closeMenu(context.words(.menuClosed))])
    case .language:
      let current = WordTable.all.firstIndex { $0.language == context.words.language } ?? 0
      return Menu.enter(.language, selected: current, from: menu, context)
    }
  }
}

extension Menu {
  /// Where Books is on the main page: a listener (or the soak test's) turns the knob there to change book.
  public static func booksItemPosition(in state: BoxState) -> Int { MainItem.books.position(in: state) }
}
