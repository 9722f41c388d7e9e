extension Box {
  /// What a press that needs a book says while none is open.
  static func noBookOpen(_ state: BoxState) -> String { state.words(.noBookOpen) }

  /// What to press to read, said after something while nothing is being read.
  static func whatToPress(_ book: OpenBook, _ playback: PlaybackState, _ words: BoxWords) -> String {
    guard book.id != nil, !playback.book.isEmpty else { return " " + words(.noBookPressMenu) }
    if playback.offset >= playback.book.endOffset { return " " + words(.pressPlayToStartOver) }
    return " " + words(.pressPlayToRead)
  }

  /// The box speaking in its own words (a menu item, a confirmation, the greeting), in its language, with
  /// the reading rate; a book's text within them (marked by `BoxWords`) in the book's language.
  static func say(_ text: String, in state: BoxState) -> BoxEffect {
    say(text, with: state.playback, language: state.settings.boxLanguage)
  }

  static func say(_ text: String, with playback: PlaybackState, language: String) -> BoxEffect {
    say(text, wpm: playback.wpm, voice: playback.voice, language: language)
  }

  static func say(_ text: String, wpm: Int, voice: String, language: String) -> BoxEffect {
    let spoken = SpokenLanguages.passages(of: text, boxLanguage: language)
    return .announce(text: spoken.text, wpm: wpm, voice: voice, languages: spoken.passages)
  }
}

extension BoxState {
  /// The box's own words, in the language the listener chose for it.
  public var words: BoxWords { BoxWords(language: settings.boxLanguage) }
}
