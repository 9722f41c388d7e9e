/// The menu feature: opening it stops reading (the place is kept), so the voice is free to say the items.
/// Every choice ends in something heard: reading goes on, or the box says what to press next. Its state is
/// where the listener is in it (`MenuState`, nil while closed); it reads the rest of the box from its
/// context, and a choice that changes another feature (a setting, the sleep timer, the display, the place)
/// is an action the root sends, as is leaving the menu (`BoxAction.closeMenu`, the root's).
public enum Menu {
  public static let sleepChoices: [Int?] = [0, 15, 30, 45, 60, nil]
  public static let percentChoices = Array(stride(from: 0, through: 90, by: 10))

  public static func title(of page: MenuState.Page, _ words: BoxWords) -> String {
    switch page {
    case .main: return words(.menuTitle)
    case .books: return words(.booksTitle)
    case .goTo: return words(.goToTitle)
    case .chapters: return words(.chaptersTitle)
    case .percent: return words(.percentTitle)
    case .pages: return words(.pagesTitle)
    case .bookmarks: return words(.bookmarksTitle)
    case .bookmark: return words(.bookmarkTitle)
    case .speed: return words(.speedTitle)
    case .voice: return words(.voiceTitle)
    case .sound: return words(.soundTitle)
    case .volume: return words(.volumeTitle)
    case .pitch: return words(.pitchTitle)
    case .sleepTimer: return words(.sleepTimerTitle)
    case .display: return words(.displayTitle)
    case .about: return words(.aboutTitle)
    case .language: return words(.languageTitle)
    }
  }

  /// What the voice says for the selected item: "Books. 2 of 4."
  static func announcement(_ menu: MenuState, in state: BoxState, opening: Bool = false) -> String {
    var shown = state
    shown.menu = menu
    let items = spokenItems(of: menu.page, in: shown)
    let item = items[min(menu.selected, items.count - 1)]
    let words = state.words
    let prefix = opening ? "\(title(of: menu.page, words)). " : ""
    let plain = SpokenLanguages.plain(item)
    let said = plain.hasSuffix(".") || plain.hasSuffix("?") || plain.hasSuffix("!") ? item : item + "."
    return "\(prefix)\(said) " + words(.itemOfCount, .number(menu.selected + 1), .number(items.count))
  }

  /// A menu item said: the Voice page says each voice in that voice, the Speed page each rate at that rate.
  static func announceItem(_ menu: MenuState, in state: BoxState, opening: Bool = false) -> BoxEffect {
    let text = announcement(menu, in: state, opening: opening)
    switch menu.page {
    case .voice:
      let voices = orderedVoices(state)
      guard menu.selected < voices.count else { break }
      // The voice's name said by that voice (its language marked in the item); the rest in the box's language.
      return Box.say(
        text, wpm: state.playback.wpm, voice: voices[menu.selected].id, language: state.settings.boxLanguage,
        voices: voices)
    case .speed:
      let speeds = speeds(in: state)
      return Box.say(
        text, wpm: speeds[min(menu.selected, speeds.count - 1)], voice: state.playback.voice,
        language: state.settings.boxLanguage, voices: state.settings.voices)
    default:
      break
    }
    return Box.say(text, in: state)
  }

  /// A page entered from `menu` (nil: the menu opening), said with its title.
  static func enter(
    _ page: MenuState.Page, selected: Int = 0, subject: Int = 0, from menu: MenuState?, _ context: MenuContext
  ) -> FeatureStep<MenuState?> {
    var entered = MenuState(page: page, selected: 0, subject: subject, resumeReading: menu?.resumeReading ?? false)
    let count = items(of: page, in: context.showing(entered)).count
    entered.selected = min(max(selected, 0), count - 1)
    return FeatureStep(entered, [announceItem(entered, in: context.box, opening: true)])
  }

  /// A page entered with words said before its own (what was just done).
  static func enter(_ page: MenuState.Page, saying words: String, from menu: MenuState?, _ context: MenuContext)
    -> FeatureStep<MenuState?>
  {
    var step = enter(page, from: menu, context)
    guard case .announce(let text, let wpm, let voice, let languages)? = step.effects.first else { return step }
    let shift = words.unicodeScalars.count
    // The words said first are the box's own: in its language, and the page's passages after them.
    let moved =
      languages.isEmpty
      ? [] : [LanguagePassage(start: 0, language: context.box.words.language)]
        + languages.map { LanguagePassage(start: $0.start + shift, language: $0.language) }
    step.effects[0] = .announce(text: words + text, wpm: wpm, voice: voice, languages: moved)
    return step
  }

  static func reduce(_ menu: MenuState?, _ event: MenuEvent, _ context: MenuContext) -> FeatureStep<MenuState?> {
    let box = context.box
    switch event {
    case .opened:
      let wasReading = Interjection.isReading(box.playback.phase) || box.saying.resumeAfterSaying
      // Stop, keeping the place (the position reducer saves it): the voice is needed for the menu.
      let stop: [BoxAction] = box.playback.phase.liveUtterance != nil ? [.playback(.stopTapped)] : []
      return FeatureStep(menu, send: stop + [.showMenu(resumeReading: wasReading)])
    case .moved(let steps):
      guard var moved = menu else { return FeatureStep(menu) }
      let count = items(of: moved.page, in: context.showing(moved)).count
      moved.selected = min(max(moved.selected + steps, 0), count - 1)
      return FeatureStep(moved, [announceItem(moved, in: box)])
    case .jumpedByLetter(let steps):
      guard var moved = menu else { return FeatureStep(menu) }
      guard moved.page == .books, !box.library.books.isEmpty else { return reduce(menu, .moved(steps: steps), context) }
      guard let target = box.library.letterJump(from: moved.selected, steps: steps) else {
        // No letter further that way: the item is said again, so the turn is answered.
        return FeatureStep(moved, [announceItem(moved, in: box)])
      }
      moved.selected = target
      let recent = target < box.library.alphabeticalStart
      let letter = recent ? "" : LibraryState.letter(of: box.library.books[target].title) + ". "
      return FeatureStep(moved, [Box.say(letter + announcement(moved, in: box), in: box)])
    case .back:
      guard let menu else { return FeatureStep(menu) }
      guard let parent = parent(of: menu.page, in: context.showing(menu)) else {
        return FeatureStep(menu, send: [.closeMenu(context.words(.menuClosed))])
      }
      return enter(parent.page, selected: parent.selected, subject: menu.subject, from: menu, context)
    case .chosen:
      guard let menu else { return FeatureStep(menu) }
      return choose(menu, context)
    }
  }

  /// The menu's first page, once reading has stopped.
  static func show(resumeReading: Bool, _ context: MenuContext) -> FeatureStep<MenuState?> {
    enter(.main, from: MenuState(resumeReading: resumeReading), context)
  }

  /// The library changed (the root has taken the new list; `heard` is the list the listener heard): the
  /// book the listener last heard stays selected on the Books page; if it is gone, the one now under the
  /// cursor is said, so choosing never opens a book that was not announced.
  static func libraryChanged(_ menu: MenuState?, heard: [LibraryBook], _ context: MenuContext)
    -> FeatureStep<MenuState?>
  {
    guard var menu, menu.page == .books else { return FeatureStep(menu) }
    let entries = context.box.library.books
    let selectedBook = menu.selected < heard.count ? heard[menu.selected].id : nil
    if let selectedBook, let index = entries.firstIndex(where: { $0.id == selectedBook }) {
      menu.selected = index
      return FeatureStep(menu)
    }
    menu.selected = min(menu.selected, max(entries.count - 1, 0))
    return FeatureStep(menu, [context.say(announcement(menu, in: context.box))])
  }
}
