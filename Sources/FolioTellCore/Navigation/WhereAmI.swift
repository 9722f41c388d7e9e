/// What a long PLAY says: the book, the chapter, how far, the time left in the chapter and the book at the
/// current speed, and the sleep timer.
enum WhereAmI {
  static func text(_ state: BoxState) -> String {
    let words = state.words
    guard state.book.id != nil, !state.playback.book.isEmpty else {
      return words(.noBookOpen)
    }
    let book = state.playback.book
    let offset = state.playback.offset
    var parts: [String] = []
    let language = state.book.language
    if let title = state.book.title { parts.append(words.text(of: .book(title, language: language))) }
    let chapterIndex = Navigation.chapterIndex(at: offset, in: state.book.chapters)
    if let chapterIndex { parts.append(words.text(of: .book(state.book.chapters[chapterIndex].title, language: language))) }
    if let page = state.book.pages.last(where: { $0.start <= offset }) { parts.append(words(.page, .words(page.label))) }
    // A book opened from its beginning and still being indexed: how far, and what is left, are estimates.
    let roughly = { (told: String) in book.isWhole ? told : words(.roughly, .words(told)) }
    let capitalized = { (part: String) in book.isWhole ? part : Self.capitalized(part) }
    parts.append(capitalized(roughly(words.count(percent(offset, of: book), .percent))))
    if noteIsNearby(state) { parts.append(words(.noteNearby)) }
    var finished: Bool { if case .finished = state.playback.phase { return true } else { return false } }
    if (offset >= book.endOffset && book.isWhole) || finished {
      // Nothing is left to time: the book's end is what the listener needs to hear.
      if let timer = state.sleepTimer { parts.append(words(.sleepTimerIs, .words(timer.spokenLeft(words)))) }
      parts.append(words(.finishedBook))
      return sentences(parts)
    }
    let wpm = max(state.playback.wpm, 1)
    // A narrated book: its times as narrated, at the listener's speed.
    if let times = NarrationTimes(book) {
      let speed = Double(wpm) / Double(SpeechRate.normal)
      let now = times.time(at: offset)
      if let chapterIndex {
        let chapters = state.book.chapters
        let start = times.time(at: chapters[chapterIndex].start)
        let end = chapterIndex + 1 < chapters.count ? times.time(at: chapters[chapterIndex + 1].start) : times.total
        parts.append(words(.intoChapter, .words(words.duration(minutes: Int(((now - start) / 60).rounded(.down))))))
        parts.append(words(.leftInChapter, .words(words.duration(minutes: Int(((end - now) / speed / 60).rounded())))))
      }
      parts.append(words(.leftInBook, .words(words.duration(minutes: Int(((times.total - now) / speed / 60).rounded())))))
      if let timer = state.sleepTimer { parts.append(words(.sleepTimerIs, .words(timer.spokenLeft(words)))) }
      return sentences(parts)
    }
    if let chapterIndex {
      let end = chapterIndex + 1 < state.book.chapters.count ? state.book.chapters[chapterIndex + 1].start : book.endOffset
      let left = duration(words: book.scalars.estimatedWordCount(offset..<max(offset, end)), wpm: wpm, words)
      parts.append(words(.leftInChapter, .words(left)))
    }
    // Of a book read in part, the words of the rest are guessed from how much of it there is.
    let known = book.scalars.estimatedWordCount(offset..<book.endOffset)
    let later = book.isWhole ? 0 : known * (book.toldEndOffset - book.endOffset) / max(book.endOffset - offset, 1)
    parts.append(capitalized(words(.leftInBook, .words(roughly(duration(words: known + later, wpm: wpm, words))))))
    if let timer = state.sleepTimer { parts.append(words(.sleepTimerIs, .words(timer.spokenLeft(words)))) }
    return sentences(parts)
  }

  /// A part that begins with "about" begins its sentence.
  static func capitalized(_ part: String) -> String {
    guard let first = part.first, first.isLowercase else { return part }
    return first.uppercased() + part.dropFirst()
  }

  /// Each part a sentence of its own.
  static func sentences(_ parts: [String]) -> String {
    parts.map { part in
      let plain = SpokenLanguages.plain(part)
      return plain.hasSuffix(".") || plain.hasSuffix("?") || plain.hasSuffix("!") ? part : part + "."
    }.joined(separator: " ")
  }

  /// Whether the sentence being read refers to a note (read or skipped).
  static func noteIsNearby(_ state: BoxState) -> Bool {
    let book = state.playback.book
    guard !book.isEmpty, !state.book.notes.isEmpty else { return false }
    let sentence = book.sentences[book.sentenceIndex(at: state.playback.offset)]
    return state.book.notes.contains { $0 >= sentence.start && $0 <= sentence.end }
  }

  static func percent(_ offset: Int, of book: SentenceMap) -> Int {
    book.toldEndOffset > 0 ? min(100, offset * 100 / book.toldEndOffset) : 0
  }

  /// "chapter 2, The Pool of Tears, 40 percent", for undo and bookmarks.
  static func placeName(_ offset: Int, book: OpenBook, text: SentenceMap, _ words: BoxWords) -> String {
    var parts: [String] = []
    if let index = Navigation.chapterIndex(at: offset, in: book.chapters) {
      parts.append(words(.chapterNumber, .number(index + 1)))
    }
    parts.append(words.count(percent(offset, of: text), .percent))
    return parts.joined(separator: ", ")
  }

  static func placeName(_ offset: Int, in state: BoxState) -> String {
    placeName(offset, book: state.book, text: state.playback.book, state.words)
  }

  /// "less than a minute", "1 minute", "2 hours 5 minutes".
  static func duration(words count: Int, wpm: Int, _ words: BoxWords) -> String {
    words.duration(minutes: Int((Double(count) / Double(max(wpm, 1))).rounded()))
  }
}
