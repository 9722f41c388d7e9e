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
    let words = reader.words
    if let failure = playback.failure { return .message(title: words(.shownSpeechStopped), text: failure) }
    if display.showsStatus { return .status(status(of: reader, title: title)) }
    let book = playback.book
    guard !book.isEmpty else { return .message(title: "FolioTell", text: words(.shownNoBook)) }
    if playback.phase == .finished {
      return .message(title: title ?? words(.shownFinished), text: words(.shownEndOfBook))
    }
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
    case .speaking: state = reader.words(.shownReading)
    case .pausing, .paused: state = reader.words(.shownPaused)
    case .finished: state = reader.words(.shownFinished)
    case .idle: state = reader.words(.shownStopped)
    }
    let sleepMinutes = reader.sleepTimer?.minutesLeft
    return Status(
      title: title, percent: min(100, playback.offset * 100 / end), wpm: playback.wpm, playback: state,
      sleepMinutes: sleepMinutes)
  }
}
