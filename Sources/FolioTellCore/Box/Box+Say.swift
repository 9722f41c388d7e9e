extension Box {
  /// The box speaking in its own words (a menu item, a confirmation, the greeting), with the reading voice
  /// and rate; nothing is read meanwhile.
  static func say(_ text: String, in state: BoxState) -> BoxEffect {
    .announce(text: text, wpm: state.playback.wpm, voice: state.playback.voice)
  }
}
