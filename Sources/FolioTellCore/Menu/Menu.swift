/// A book the box can open from its library: its id (shared with the store) and its title.
public struct LibraryBook: Equatable, Sendable {
  public var id: String
  public var title: String

  public init(id: String, title: String) {
    self.id = id
    self.title = title
  }
}

/// The sleep timer: reading time left, counted on the reducer's clock ticks while the book is read.
public struct SleepTimer: Equatable, Sendable {
  public var remaining: Double
  public var lastTick: Double

  public init(remaining: Double, lastTick: Double) {
    self.remaining = remaining
    self.lastTick = lastTick
  }

  /// Whole minutes left, at least 1.
  public var minutesLeft: Int { max(1, Int((remaining / 60).rounded(.up))) }
}

/// Where the listener is in the menu. The menu is spoken: every move says the item, so it works
/// without the display.
public struct MenuState: Equatable, Sendable {
  public enum Page: Equatable, Sendable {
    case main
    case books
    case speed
    case sleepTimer
  }

  public var page: Page
  public var selected: Int

  public init(page: Page = .main, selected: Int = 0) {
    self.page = page
    self.selected = selected
  }
}

public enum MenuEvent: Equatable, Sendable {
  case opened
  /// Turned or stepped: positive moves down the list.
  case moved(steps: Int)
  case chosen
  /// Back: up a page, or out of the menu from its first page.
  case back
}

/// The menu's pages and what choosing does. Opening it stops reading (the place is kept, PLAY goes on
/// from it), so the voice is free to say the items.
public enum Menu {
  public static let mainItems = ["Books", "Speed", "Sleep timer", "Back to reading"]
  public static let sleepChoices = [0, 15, 30, 45, 60]
  public static let speedStep = 25

  public static func title(of page: MenuState.Page) -> String {
    switch page {
    case .main: return "Menu"
    case .books: return "Books"
    case .speed: return "Speed"
    case .sleepTimer: return "Sleep timer"
    }
  }

  /// The items of a page, as they are shown and said.
  public static func items(of page: MenuState.Page, in state: ReaderState) -> [String] {
    switch page {
    case .main:
      let speed = "Speed: \(state.playback.wpm) words a minute"
      let sleep = state.sleepTimer.map { "Sleep timer: \($0.minutesLeft) minutes left" }
      return [mainItems[0], speed, sleep ?? "Sleep timer: off", mainItems[3]]
    case .books:
      return state.library.isEmpty ? ["No books found"] : state.library.map(\.title)
    case .speed:
      return speeds(in: state).map { "\($0) words a minute" }
    case .sleepTimer:
      return sleepChoices.map { $0 == 0 ? "Off" : "\($0) minutes" }
    }
  }

  static func speeds(in state: ReaderState) -> [Int] {
    let limits = state.playback.wpmLimits
    let first = (limits.lowerBound + speedStep - 1) / speedStep * speedStep
    let speeds = Array(stride(from: first, through: limits.upperBound, by: speedStep))
    return speeds.isEmpty ? [state.playback.wpm] : speeds
  }

  /// What the voice says for the selected item: "Books. 2 of 4."
  static func announcement(_ menu: MenuState, in state: ReaderState, opening: Bool = false) -> String {
    let items = items(of: menu.page, in: state)
    let item = items[min(menu.selected, items.count - 1)]
    let prefix = opening ? "\(title(of: menu.page)). " : ""
    return "\(prefix)\(item). \(menu.selected + 1) of \(items.count)."
  }

  /// An announcement in the reading voice at the reading rate.
  static func announce(_ text: String, in state: ReaderState) -> ReaderEffect {
    .announce(text: text, wpm: state.playback.wpm, voice: state.playback.voice)
  }

  static func reduce(_ state: ReaderState, _ event: MenuEvent, at time: Double) -> (ReaderState, [ReaderEffect]) {
    var next = state
    var effects: [ReaderEffect] = []
    switch event {
    case .opened:
      if state.playback.phase.liveUtterance != nil || pausedUtterance(state) != nil {
        // Stop, keeping the place (the position reducer saves it): the voice is needed for the menu.
        let (stopped, stopEffects) = Reader.reduce(state, .playback(.stopTapped), at: time)
        next = stopped
        effects += stopEffects
      }
      let menu = MenuState()
      next.menu = menu
      effects.append(announce(announcement(menu, in: next, opening: true), in: next))
    case .moved(let steps):
      guard var menu = state.menu else { return (state, []) }
      let count = items(of: menu.page, in: state).count
      menu.selected = min(max(menu.selected + steps, 0), count - 1)
      next.menu = menu
      effects.append(announce(announcement(menu, in: next), in: next))
    case .back:
      guard let menu = state.menu else { return (state, []) }
      if menu.page == .main {
        next.menu = nil
        effects.append(announce("Menu closed.", in: next))
      } else {
        let main = MenuState(page: .main, selected: mainIndex(of: menu.page))
        next.menu = main
        effects.append(announce(announcement(main, in: next, opening: true), in: next))
      }
    case .chosen:
      guard let menu = state.menu else { return (state, []) }
      return choose(menu, in: state, at: time)
    }
    return (next, effects)
  }

  static func pausedUtterance(_ state: ReaderState) -> Utterance? {
    if case .paused(let utterance) = state.playback.phase { return utterance }
    return nil
  }

  static func mainIndex(of page: MenuState.Page) -> Int {
    switch page {
    case .main, .books: return 0
    case .speed: return 1
    case .sleepTimer: return 2
    }
  }

  static func choose(_ menu: MenuState, in state: ReaderState, at time: Double) -> (ReaderState, [ReaderEffect]) {
    var next = state
    var effects: [ReaderEffect] = []
    switch menu.page {
    case .main:
      let page: MenuState.Page?
      switch menu.selected {
      case 0: page = .books
      case 1: page = .speed
      case 2: page = .sleepTimer
      default: page = nil
      }
      guard let page else {
        next.menu = nil
        effects.append(announce("Menu closed.", in: next))
        return (next, effects)
      }
      var selected = 0
      if page == .speed {
        // The step nearest the current rate.
        let speeds = speeds(in: state)
        selected =
          speeds.indices.min { abs(speeds[$0] - state.playback.wpm) < abs(speeds[$1] - state.playback.wpm) } ?? 0
      }
      if page == .books, let open = state.bookID { selected = state.library.firstIndex { $0.id == open } ?? 0 }
      let opened = MenuState(page: page, selected: selected)
      next.menu = opened
      effects.append(announce(announcement(opened, in: next, opening: true), in: next))
    case .books:
      guard menu.selected < state.library.count else {
        effects.append(announce("No books found. Put books in the books folder or on a USB drive.", in: next))
        return (next, effects)
      }
      let entry = state.library[menu.selected]
      next.menu = nil
      effects.append(announce("Opening \(entry.title).", in: next))
      effects.append(.openLibraryBook(bookID: entry.id))
    case .speed:
      let speeds = speeds(in: state)
      let wpm = speeds[min(menu.selected, speeds.count - 1)]
      var closed = state
      closed.menu = nil
      let (changed, changeEffects) = Reader.reduce(closed, .playback(.speedChanged(wpm: wpm)), at: time)
      next = changed
      effects += changeEffects
      next.menu = nil
      effects.append(announce("Speed \(wpm) words a minute.", in: next))
    case .sleepTimer:
      let minutes = sleepChoices[min(menu.selected, sleepChoices.count - 1)]
      next.sleepTimer = minutes == 0 ? nil : SleepTimer(remaining: Double(minutes) * 60, lastTick: time)
      next.menu = nil
      effects.append(announce(minutes == 0 ? "Sleep timer off." : "Reading stops in \(minutes) minutes.", in: next))
    }
    return (next, effects)
  }
}
