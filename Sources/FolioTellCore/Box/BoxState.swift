/// The root state: one state per feature, and what the root itself keeps across a step (the sound's
/// power and the armed timers). Each feature's reducer changes its own state; the root scopes them.
public struct BoxState: Equatable, Sendable, Codable {
  /// The open book: which it is and how it is laid out.
  public var book = OpenBook()
  public var playback: PlaybackState
  /// Where the listener's place is kept.
  public var position: PositionState
  /// The sound's settings and the voices to choose from.
  public var settings = SettingsState()
  /// The menu, while it is open: the box is in menu mode.
  public var menu: MenuState?
  /// The books the box can open.
  public var library = LibraryState()
  /// Held controls, the key describer, and the knob's units.
  public var controls = ControlsState()
  /// The sleep timer, when it is set: it counts down only while the book is being read.
  public var sleepTimer: SleepTimer?
  /// The bookmarks and where undo goes back to.
  public var navigation = NavigationState()
  /// What the listener chose for the display (view, night mode, status), when a control was last used,
  /// and when the display dims and goes dark.
  public var display = DisplayView()
  /// What happens once the box has finished saying something.
  public var saying = SayingState()
  /// When reading was paused, for where PLAY resumes.
  public var resume = ResumeState()
  /// Missing parts, the store's trouble and the About page's facts.
  public var condition = BoxCondition()
  /// The sound card and amplifier: on while anything may be heard; released after a stop, the end, or
  /// a pause longer than `audioIdleSeconds`.
  public var audio = AudioPower()
  /// An update offered, being installed, or finishing with a restart.
  public var updates = UpdateState()
  /// The timers started and not yet fired or cancelled.
  public var armedTimers: [BoxTimer] = []

  public init(playback: PlaybackState = PlaybackState(), policy: SavePolicy = SavePolicy()) {
    self.playback = playback
    self.position = PositionState(policy: policy)
  }
}
