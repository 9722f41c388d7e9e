import FolioTellCore

/// Decides what to show from the box's state: the view the reader chose, the sentence and the word being
/// heard, or a message when there is nothing to read.
public enum ScreenModel {
  public static func screen(for reader: BoxState, display: DisplayState, title: String?) -> Screen {
    if case .off = display.power { return .blank }
    let playback = reader.playback
    if let menu = reader.menu {
      let items = Menu.items(of: menu.page, in: reader)
      return .menu(title: Menu.title(of: menu.page, reader.words), items: items, selected: menu.selected)
    }
    if let failure = playback.failure { return .message(title: "Speech stopped", text: failure) }
    if display.showsStatus { return .status(status(of: reader, title: title)) }
    let book = playback.book
    guard !book.isEmpty else { return .message(title: "FolioTell", text: "No book is open") }
    if playback.phase == .finished { return .message(title: title ?? "Finished", text: "End of the book") }
    guard book.hasText else { return .status(status(of: reader, title: title)) }
    let index = playback.sentenceIndex
    let sentence = book.sentences[index]
    let text = String(String.UnicodeScalarView(book.scalars[sentence.start..<min(sentence.end, book.scalars.count)]))
    let word = playback.word.flatMap { span -> Range<Int>? in
      guard span.start >= sentence.start, span.end <= sentence.end else { return nil }
      return (span.start - sentence.start)..<(span.end - sentence.start)
    }
    switch display.view {
    case .reading:
      return .reading(sentence: text, word: word, sizeStep: reader.display.textSize.step)
    case .bigWord:
      guard let word else {
        // Before the first word is heard, the sentence's first word.
        let first = text.split(whereSeparator: { $0.isWhitespace }).first.map(String.init) ?? ""
        return .bigWord(first)
      }
      let scalars = Array(text.unicodeScalars)[word]
      return .bigWord(String(String.UnicodeScalarView(scalars)))
    }
  }

  public static func status(of reader: BoxState, title: String?) -> Status {
    let playback = reader.playback
    let end = max(playback.book.endOffset, 1)
    let state: String
    switch playback.phase {
    case .speaking: state = "Reading"
    case .pausing, .paused: state = "Paused"
    case .finished: state = "Finished"
    case .idle: state = "Stopped"
    }
    let sleepMinutes = reader.sleepTimer?.minutesLeft
    return Status(
      title: title, percent: min(100, playback.offset * 100 / end), wpm: playback.wpm, playback: state,
      sleepMinutes: sleepMinutes)
  }
}
