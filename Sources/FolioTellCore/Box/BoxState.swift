/// The reading box's state: playback, and where the listener's place is kept.
public struct BoxState: Equatable, Sendable, Codable {
  public var bookID: String?
  public var playback: PlaybackState
  public var position: PositionState
  /// Why positions cannot be kept right now (a read-only or full disk); reading goes on regardless.
  public var storeProblem: String?
  /// The menu, while it is open: the box is in menu mode.
  public var menu: MenuState?
  /// The books the box can open, by title.
  public var library: [LibraryBook] = []
  /// The sleep timer, when it is set: it counts down only while the book is being read.
  public var sleepTimer: SleepTimer?
  /// The open book's title, as shown and said.
  public var title: String?
  /// The file the open book came from, kept so the box reopens it after a restart.
  public var bookPath: String?
  /// What the listener chose for the display (view, night mode, status) and when a control was last used.
  public var display = DisplayView()
  /// When the display dims, goes dark and ends the status; nil (a box with no display, as a new state is
  /// until the composition gives it one) runs none of these timers.
  public var displayTiming: DisplayTiming?
  /// The open book's chapters, in reading order.
  public var chapters: [ChapterMark] = []
  /// Reading starts once the announcement being said ends (the greeting at power on).
  public var playAfterAnnouncement = false
  /// Reading was stopped to say something over it (where am I, a new speed): it goes on once that is said,
  /// even when more is said before it ends.
  public var resumeAfterSaying = false
  /// What is missing or broken, in words ("The buttons are not working"), said with the greeting.
  public var missingParts: [String] = []
  /// The sound card and amplifier: on while anything may be heard; released after a stop, the end, or
  /// a pause longer than `audioIdleSeconds`.
  public var audio = AudioPower()
  /// Controls held down past the long-press time (BACK and MENU together make the key describer's chord).
  public var held = HeldControls()
  /// The key describer, while it is on: each press says what the control does instead of doing it.
  public var describer: KeyDescriber?
  /// Where the listener was before the last jump (a chapter, a bookmark, a burst of knob detents); undo
  /// goes back there.
  public var undoPlace: Int?
  /// When the listener last jumped: detents close together are one jump, for undo.
  public var lastJumpTime: Double?
  /// The open book's bookmarks, as offsets in reading order.
  public var bookmarks: [Int] = []
  /// The print edition's pages, in reading order, and where the text refers to a note (skipped or not).
  public var pages: [PageMark] = []
  public var notes: [Int] = []
  /// Where the open book's paragraphs start, in reading order.
  public var paragraphs: [Int] = []
  /// What a detent of the knob moves by, turned, and turned while pushed in.
  public var knob = KnobUnit.sentence
  public var pushedKnob = KnobUnit.paragraph
  /// The open book's language (declared or detected), for the voices offered first.
  public var bookLanguage: String?
  /// The installed voices.
  public var voices: [VoiceChoice] = []
  /// The timers started and not yet fired or cancelled.
  public var armedTimers: [BoxTimer] = []
  /// A voice was given (`--voice`, the config's `voice`): the box does not pick one for a book's language.
  public var voiceIsFixed = false
  public var volume = 100
  public var pitch = 50
  public var earcons = true
  /// The version and free space, as the About page says them (asked for when it is entered).
  public var about: SystemFacts?
  /// When reading was paused: a pause longer than `longPauseSeconds` resumes at the sentence's start.
  public var pausedAt: Double?
  public var longPauseSeconds: Double = 600
  /// The book chosen in the menu that is being opened: once it is, its title and chapter are said and
  /// reading starts.
  public var openingFromMenu: String?

  public init(playback: PlaybackState = PlaybackState(), policy: SavePolicy = SavePolicy()) {
    self.playback = playback
    self.position = PositionState(policy: policy)
  }
}
