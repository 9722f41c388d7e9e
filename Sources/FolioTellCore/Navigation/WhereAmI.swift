/// What a long PLAY says: the book, the chapter, how far, the time left in the chapter and the book at the
/// current speed, and the sleep timer.
enum WhereAmI {
  static func text(_ state: BoxState) -> String {
    guard state.book.id != nil, !state.playback.book.isEmpty else {
      return Box.noBookOpen
    }
    let book = state.playback.book
    let offset = state.playback.offset
    var parts: [String] = []
    if let title = state.book.title { parts.append(title) }
    let chapterIndex = Navigation.chapterIndex(at: offset, in: state.book.chapters)
    if let chapterIndex { parts.append(state.book.chapters[chapterIndex].title) }
    if let page = state.book.pages.last(where: { $0.start <= offset }) { parts.append("Page \(page.label)") }
    parts.append("\(percent(offset, of: book)) percent")
    if noteIsNearby(state) { parts.append("A note is referred to in this sentence") }
    var finished: Bool { if case .finished = state.playback.phase { return true } else { return false } }
    if offset >= book.endOffset || finished {
      // Nothing is left to time: the book's end is what the listener needs to hear.
      if let timer = state.sleepTimer { parts.append("Sleep timer: " + timer.spokenLeft) }
      parts.append("You finished this book. Press PLAY to start over")
      return parts.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
    }
    let wpm = max(state.playback.wpm, 1)
    if let chapterIndex {
      let end = chapterIndex + 1 < state.book.chapters.count ? state.book.chapters[chapterIndex + 1].start : book.endOffset
      parts.append(
        duration(words: book.scalars.wordCount(offset..<max(offset, end)), wpm: wpm) + " left in the chapter")
    }
    parts.append(duration(words: book.scalars.wordCount(offset..<book.endOffset), wpm: wpm) + " left in the book")
    if let timer = state.sleepTimer { parts.append("Sleep timer: " + timer.spokenLeft) }
    return parts.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
  }

  /// Whether the sentence being read refers to a note (read or skipped).
  static func noteIsNearby(_ state: BoxState) -> Bool {
    let book = state.playback.book
    guard !book.isEmpty, !state.book.notes.isEmpty else { return false }
    let sentence = book.sentences[book.sentenceIndex(at: state.playback.offset)]
    return state.book.notes.contains { $0 >= sentence.start && $0 <= sentence.end }
  }

  static func percent(_ offset: Int, of book: SentenceMap) -> Int {
    book.endOffset > 0 ? min(100, offset * 100 / book.endOffset) : 0
  }

  /// "chapter 2, The Pool of Tears, 40 percent", for undo and bookmarks.
  static func placeName(_ offset: Int, book: OpenBook, text: SentenceMap) -> String {
    var parts: [String] = []
    if let index = Navigation.chapterIndex(at: offset, in: book.chapters) {
      parts.append("chapter \(index + 1)")
    }
    parts.append("\(percent(offset, of: text)) percent")
    return parts.joined(separator: ", ")
  }

  static func placeName(_ offset: Int, in state: BoxState) -> String {
    placeName(offset, book: state.book, text: state.playback.book)
  }

  /// "less than a minute", "1 minute", "2 hours 5 minutes".
  static func duration(words: Int, wpm: Int) -> String {
    duration(minutes: Int((Double(words) / Double(max(wpm, 1))).rounded()))
  }

  static func duration(minutes: Int) -> String {
    if minutes < 1 { return "less than a minute" }
    let hours = minutes / 60
    let rest = minutes % 60
    let minuteWords = rest == 1 ? "1 minute" : "\(rest) minutes"
    guard hours > 0 else { return minuteWords }
    let hourWords = hours == 1 ? "1 hour" : "\(hours) hours"
    return rest == 0 ? hourWords : hourWords + " " + minuteWords
  }
}
