/// What a feature asks the root to do next, within the same step. Features never call the root: they
/// return these, and the root sends them in order, each on the state the one before left, before anything
/// else. That is how "stop, then move, then say where we are" stays one step with its effects in order.
enum BoxAction: Equatable, Sendable {
  /// An event, handled as if it had come in (the greeting after a book opened from the menu).
  case event(BoxEvent)
  /// A playback event from a feature: unlike the listener's, it is taken while the menu is open.
  case playback(PlaybackEvent)
  case menu(MenuEvent)
  /// An effect, in its place among the effects the sent actions make.
  case perform(BoxEffect)
  /// The end of something said over the book: the words, and whether reading goes on after them.
  case sayOver(String, resumeReading: Bool)
  /// The menu's first page, once reading has stopped for it.
  case showMenu(resumeReading: Bool)
  /// Leaves the menu with these words, after a setting changed.
  case closeMenu(String)
  /// A page of the menu entered again, with these words before its own (what was just done on it).
  case enterMenuPage(MenuState.Page, saying: String)
  /// For the bookmarks and navigation feature.
  case navigation(NavigationAction)
  /// For the display's view (the sleep timer's end puts it to sleep).
  case display(DisplayAction)
  /// What a press means, made by the control map: for the feature it is for.
  case intent(ControlAction)
  /// Something said over the book: reading stops for it, what is `before` happens (a move, a new rate),
  /// and reading goes on after it (if it was going on, unless told otherwise).
  case interject(String, before: [PlaybackEvent], resumeReading: Bool?)
  /// Reading was started by other means (the knob): what was said over the book no longer resumes it.
  case readingTakenOver
  /// The key describer on or off (the chord, or the menu's item).
  case toggleKeyDescriber
  /// A sound setting chosen in the menu.
  case settings(SettingsAction)
  /// The sleep timer the listener set in the menu (nil: off).
  case setSleepTimer(SleepTimer?)
  /// A book chosen in the menu is being opened: the library keeps which, for when it fails to open.
  case openingBook(id: String)
  /// Reading starts once what is being said ends (a place chosen in the menu): the listener chose where.
  case readWhenSaid
  /// The sleep timer's end took the place back: the next PLAY says where to, and how long ago that was.
  case sleptBack(SleptBack)
}
