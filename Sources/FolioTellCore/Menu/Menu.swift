/// The menu: opening it stops reading (the place is kept), so the voice is free to say the items. Every
/// choice ends in something heard: reading goes on, or the box says what to press next.
public enum Menu {
  public static let sleepChoices: [Int?] = [0, 15, 30, 45, 60, nil]
  public static let percentChoices = Array(stride(from: 0, through: 90, by: 10))

  public static func title(of page: MenuState.Page) -> String {
    switch page {
    case .main: return "Menu"
    case .books: return "Books"
    case .goTo: return "Go to"
    case .chapters: return "Chapters"
    case .percent: return "Go to a percentage"
    case .pages: return "Go to a page"
    case .bookmarks: return "Bookmarks"
    case .bookmark: return "Bookmark"
    case .speed: return "Speed"
    case .voice: return "Voice"
    case .sound: return "Volume and pitch"
    case .volume: return "Volume"
    case .pitch: return "Pitch"
    case .sleepTimer: return "Sleep timer"
    case .display: return "Display"
    case .about: return "About"
    }
  }

  /// What the voice says for the selected item: "Books. 2 of 4."
  static func announcement(_ menu: MenuState, in state: BoxState, opening: Bool = false) -> String {
    let items = items(of: menu.page, in: state)
    let item = items[min(menu.selected, items.count - 1)]
    let prefix = opening ? "\(title(of: menu.page)). " : ""
    let said = item.hasSuffix(".") ? item : item + "."
    return "\(prefix)\(said) \(menu.selected + 1) of \(items.count)."
  }

  /// A menu item said: the Voice page says each voice in that voice, the Speed page each rate at that rate.
  static func announceItem(_ menu: MenuState, in state: BoxState, opening: Bool = false) -> BoxEffect {
    let text = announcement(menu, in: state, opening: opening)
    switch menu.page {
    case .voice:
      let voices = orderedVoices(state)
      guard menu.selected < voices.count else { break }
      return .announce(text: text, wpm: state.playback.wpm, voice: voices[menu.selected].id)
    case .speed:
      let speeds = speeds(in: state)
      return .announce(text: text, wpm: speeds[min(menu.selected, speeds.count - 1)], voice: state.playback.voice)
    default:
      break
    }
    return Box.say(text, in: state)
  }

  static func enter(_ page: MenuState.Page, selected: Int = 0, subject: Int = 0, _ state: BoxState) -> (
    BoxState, [BoxEffect]
  ) {
    var next = state
    let count = items(of: page, in: state).count
    let menu = MenuState(
      page: page, selected: min(max(selected, 0), count - 1), subject: subject,
      resumeReading: state.menu?.resumeReading ?? false)
    next.menu = menu
    return (next, [announceItem(menu, in: next, opening: true)])
  }

  /// A page entered with words said before its own (what was just done).
  static func enter(_ page: MenuState.Page, saying words: String, _ state: BoxState) -> (BoxState, [BoxEffect]) {
    let (entered, effects) = enter(page, state)
    guard case .announce(let text, let wpm, let voice)? = effects.first else { return (entered, effects) }
    return (entered, [.announce(text: words + text, wpm: wpm, voice: voice)] + effects.dropFirst())
  }

  static func reduce(_ state: BoxState, _ event: MenuEvent, at time: Double) -> Outcome {
    var next = state
    switch event {
    case .opened:
      let wasReading = Interjection.isReading(state.playback.phase) || state.saying.resumeAfterSaying
      // Stop, keeping the place (the position reducer saves it): the voice is needed for the menu.
      guard state.playback.phase.liveUtterance == nil else {
        return Outcome(state, send: [.playback(.stopTapped), .showMenu(resumeReading: wasReading)])
      }
      return show(resumeReading: wasReading, state)
    case .moved(let steps):
      guard var menu = state.menu else { return Outcome(state) }
      let count = items(of: menu.page, in: state).count
      menu.selected = min(max(menu.selected + steps, 0), count - 1)
      next.menu = menu
      return Outcome(next, [announceItem(menu, in: next)])
    case .back:
      guard let menu = state.menu else { return Outcome(state) }
      guard let parent = parent(of: menu.page, in: state) else {
        return Outcome(close("Menu closed.", state))
      }
      return Outcome(enter(parent.page, selected: parent.selected, subject: menu.subject, state))
    case .chosen:
      guard let menu = state.menu else { return Outcome(state) }
      return choose(menu, in: state, at: time)
    }
  }

  /// The menu's first page, once reading has stopped.
  static func show(resumeReading: Bool, _ state: BoxState) -> Outcome {
    var next = state
    next.saying.playAfterAnnouncement = false
    next.saying.resumeAfterSaying = false
    next.menu = MenuState(resumeReading: resumeReading)
    return Outcome(enter(.main, next))
  }

  /// The library changed: the book the listener last heard stays selected on the Books page; if it is
  /// gone, the one now under the cursor is said, so choosing never opens a book that was not announced.
  static func libraryChanged(_ entries: [LibraryBook], _ state: BoxState) -> Outcome {
    var next = state
    // What was learnt by opening a book (that it cannot be) stays with it while it is the same book.
    next.library.books = entries.map { entry in
      var kept = entry
      if kept.problem == nil { kept.problem = state.library.books.first { $0.id == entry.id }?.problem }
      return kept
    }
    guard var menu = state.menu, menu.page == .books else { return Outcome(next) }
    let heard = menu.selected < state.library.books.count ? state.library.books[menu.selected].id : nil
    if let heard, let index = entries.firstIndex(where: { $0.id == heard }) {
      menu.selected = index
      next.menu = menu
      return Outcome(next)
    }
    menu.selected = min(menu.selected, max(entries.count - 1, 0))
    next.menu = menu
    return Outcome(next, [Box.say(announcement(menu, in: next), in: next)])
  }

  /// Leaves the menu with something said: reading goes on after it if it was going on when the menu
  /// opened, or the listener hears what to press.
  static func close(_ words: String, _ state: BoxState) -> (BoxState, [BoxEffect]) {
    var next = state
    let resume = state.menu?.resumeReading ?? false
    next.menu = nil
    let canRead = next.book.id != nil && !next.playback.book.isEmpty
    if resume, canRead {
      next.saying.playAfterAnnouncement = true
      return (next, [Box.say(words, in: next)])
    }
    let hint: String
    if !canRead {
      hint = " No book is open: press MENU, then choose one from Books."
    } else if next.playback.offset >= next.playback.book.endOffset {
      hint = " Press PLAY to start the book over."
    } else {
      hint = " Press PLAY to read."
    }
    return (next, [Box.say(words + hint, in: next)])
  }
}
