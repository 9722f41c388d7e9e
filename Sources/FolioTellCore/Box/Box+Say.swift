extension Box {
  /// The box speaking in its own words (a menu item, a confirmation, the greeting), with the reading voice
  /// and rate; nothing is read meanwhile.
  static func say(_ text: String, in state: BoxState) -> BoxEffect {
    say(text, with: state.playback)
  }

  static func say(_ text: String, with playback: PlaybackState) -> BoxEffect {
    .announce(text: text, wpm: playback.wpm, voice: playback.voice)
  }
}
