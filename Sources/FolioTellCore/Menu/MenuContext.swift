/// What the menu reads and does not change: the box as it stands (its pages list the library, the book,
/// the settings, the display's choices, the bookmarks, the sleep timer and what the box knows of itself)
/// and the step's time. The menu changes only where the listener is in it (`MenuState`); a choice that
/// changes another feature is an action for the root to send.
struct MenuContext: Sendable {
  let box: BoxState
  let time: Double

  init(_ box: BoxState, at time: Double) {
    self.box = box
    self.time = time
  }

  /// The box as its pages are listed with the menu at `menu` (a bookmark's page names its bookmark).
  func showing(_ menu: MenuState?) -> BoxState {
    var shown = box
    shown.menu = menu
    return shown
  }

  /// The context the other features' helpers read (the open book, playback, the time).
  var feature: FeatureContext { FeatureContext(box, at: time) }

  /// The box's own words, in its language.
  var words: BoxWords { box.words }

  /// The box saying something in its own words, with the reading voice and rate.
  func say(_ text: String) -> BoxEffect { Box.say(text, in: box) }
}
