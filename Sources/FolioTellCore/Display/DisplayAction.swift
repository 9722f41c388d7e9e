/// What the display's view feature is told.
enum DisplayAction: Equatable, Sendable {
  /// A control or the knob was used: the display wakes (from the sleep timer's darkness too) and counts
  /// its dimming from now.
  case controlUsed
  /// The reading view and the big word, in turn.
  case toggleBigWord
  /// The menu's Display page: the reading view's text size, night mode, the display off or on.
  case textSize(TextSize)
  case night(Bool)
  case off(Bool)
  /// A long MENU: the status shows for a while.
  case showStatus
  /// The sleep timer ended reading: dark until a control is used.
  case sleep
  /// One of the display's timers fired.
  case timerFired(BoxTimer)
}
