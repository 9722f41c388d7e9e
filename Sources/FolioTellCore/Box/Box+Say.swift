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
    say(text, with: state.playback, language: state.settings.boxLanguage, voices: state.settings.voices)
  }

  static func say(_ text: String, with playback: PlaybackState, language: String, voices: [VoiceChoice]) -> BoxEffect {
    say(text, wpm: playback.wpm, voice: playback.voice, language: language, voices: voices)
  }

  /// The words with their runs in each language; none when all of it is in the language `voice` speaks.
  static func say(_ text: String, wpm: Int, voice: String, language: String, voices: [VoiceChoice]) -> BoxEffect {
    let spoken = SpokenLanguages.passages(of: text, boxLanguage: language)
    let voiceLanguage = voices.first { $0.id == voice }?.language ?? String(voice.split(separator: "/").last ?? "")
    let allInTheVoicesLanguage =
      spoken.passages.allSatisfy { LanguageForms.base(of: $0.language) == LanguageForms.base(of: voiceLanguage) }
    return .announce(text: spoken.text, wpm: wpm, voice: voice, languages: allInTheVoicesLanguage ? [] : spoken.passages)
  }
}

extension BoxState {
  /// The box's own words, in the language the listener chose for it.
  public var words: BoxWords { BoxWords(language: settings.boxLanguage) }
}
