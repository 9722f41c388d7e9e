extension Box {
  /// The box speaking in its own words (a menu item, a confirmation, the greeting), with the reading voice
  /// and rate; nothing is read meanwhile.
  /// The language of the box's own words (its prompts and menu).
  static let ownLanguage = "en"

  /// What a press that needs a book says while none is open.
  static let noBookOpen = "No book is open. Press MENU, then choose one from Books."

  /// What to press to read, said after something while nothing is being read.
  static func whatToPress(_ book: OpenBook, _ playback: PlaybackState) -> String {
    guard book.id != nil, !playback.book.isEmpty else { return " No book is open: press MENU, then choose one from Books." }
    if playback.offset >= playback.book.endOffset { return " Press PLAY to start the book over." }
    return " Press PLAY to read."
  }

  static func say(_ text: String, in state: BoxState) -> BoxEffect {
    say(text, with: state.playback)
  }

  static func say(_ text: String, with playback: PlaybackState) -> BoxEffect {
    .announce(text: text, wpm: playback.wpm, voice: playback.voice)
  }
}
