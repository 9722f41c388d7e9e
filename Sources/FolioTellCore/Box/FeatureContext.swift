/// What a feature may read and not change: the open book, playback (its text, the place, the rate and
/// voice) and the step's time. The root builds it from its state; a feature that needs more asks for it by
/// sending an action.
struct FeatureContext: Sendable {
  let book: OpenBook
  let playback: PlaybackState
  let time: Double
  /// The box's own words, in its language.
  let words: BoxWords
  /// The installed voices (which language the reading voice speaks).
  let voices: [VoiceChoice]

  init(_ state: BoxState, at time: Double) {
    self.book = state.book
    self.playback = state.playback
    self.time = time
    self.words = state.words
    self.voices = state.settings.voices
  }

  /// The box saying something in its own words, with the reading voice and rate.
  func say(_ text: String) -> BoxEffect {
    Box.say(text, with: playback, language: words.language, voices: voices)
  }
}
