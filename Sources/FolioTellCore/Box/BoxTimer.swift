/// A timer the reducer starts (`BoxEffect.startTimer`); its firing comes back as `BoxEvent.timerFired`. The runtime carries them out on the event loop's one timerfd, so a box
/// with none armed wakes for none.
public enum BoxTimer: String, Equatable, Sendable, Codable, CaseIterable {
  /// The reducer's clock tick: the place saved on time, the sleep timer counted, the sound card let go
  /// after a long quiet, the key describer left after a while.
  case tick
  /// The display dims, a while after the last control.
  case dimDisplay
  /// The display goes dark, a longer while after it.
  case darkenDisplay
  /// The status a long MENU asked for gives way to the reading view.
  case endStatus
}
