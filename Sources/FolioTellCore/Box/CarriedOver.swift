/// What a box that reloads its config hands to the box built from the new config: the listener's side of
/// it (reading or not, the menu where it was, the sleep timer's time left), not the parts, which the new
/// config may have changed. The place itself goes through the store, which the old box saved on its way out.
public struct CarriedOver: Equatable, Sendable, Codable {
  /// Reading (or about to, after the greeting) when the config was reloaded: it goes on at its word.
  public var wasReading: Bool
  /// The menu as it was, with the library it listed; nil when the menu was closed or the library's folders
  /// changed (its pages would list other books).
  public var menu: MenuState?
  public var library: LibraryState?
  public var sleepTimer: SleepTimer?

  public init(wasReading: Bool, menu: MenuState? = nil, library: LibraryState? = nil, sleepTimer: SleepTimer? = nil) {
    self.wasReading = wasReading
    self.menu = menu
    self.library = library
    self.sleepTimer = sleepTimer
  }

  /// The listener's side of `state`; `keepsLibrary`: the library's folders are the same under the new config.
  public init(from state: BoxState, keepsLibrary: Bool) {
    let reading: Bool
    switch state.playback.phase {
    case .speaking: reading = true
    case .pausing, .paused, .idle, .finished: reading = state.saying.playAfterAnnouncement || state.saying.resumeAfterSaying
    }
    self.init(
      wasReading: reading, menu: keepsLibrary ? state.menu : nil, library: keepsLibrary ? state.library : nil,
      sleepTimer: state.sleepTimer)
  }
}

/// The box built again after a config reload takes over from the one before, without a greeting: a
/// reload is not a power-on, and the listener should not notice it beyond what the new config changes.
enum Reload {
  static func carriedOver(_ carried: CarriedOver, into state: BoxState, at time: Double) -> Outcome {
    var next = state
    if let library = carried.library { next.library = library }
    if let menu = carried.menu, carried.library != nil { next.menu = menu }
    // Each box counts time from its own start: the timer's time left is counted on from now.
    next.sleepTimer = carried.sleepTimer.map { timer in
      var timer = timer
      timer.lastTick = time
      return timer
    }
    let canRead = next.book.id != nil && next.playback.offset < next.playback.book.endOffset
    guard carried.wasReading, next.menu == nil, canRead else { return Outcome(next) }
    return Outcome(next, send: [.playback(.primaryTapped)])
  }
}
