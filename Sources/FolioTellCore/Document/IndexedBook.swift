/// The whole of a book that was opened from its beginning: it takes the beginning's place without a word
/// lost or said twice. Its text begins with the beginning's, so the place stays where it is and the engine
/// reads on into the rest; if a whole-book rule changed the beginning (a language told from the whole
/// text), the listener is moved to the same sentence of the whole book and reading starts again there.
struct IndexedBook: Sendable {
  var bookID: String
  var book: SentenceMap
  var chapters: [ChapterMark]
  var pages: [PageMark]
  var notes: [Int]
  var paragraphs: [Int]

  func take(in state: BoxState, at time: Double) -> Outcome {
    // A book closed meanwhile, or one already whole: nothing to do.
    guard state.book.id == bookID, !state.playback.book.isWhole, !book.isEmpty else { return Outcome(state) }
    var next = state
    let inBook = { (offset: Int) in offset >= 0 && offset <= book.endOffset }
    next.book.chapters = chapters.filter { inBook($0.start) }
    next.book.pages = pages.filter { inBook($0.start) }
    next.book.notes = notes.filter(inBook)
    next.book.paragraphs = paragraphs.filter(inBook)
    var whole = book
    whole.expectedEndOffset = nil
    let part = state.playback.book
    if part.scalars.isPrefix(of: whole.scalars), part.endOffset <= whole.endOffset {
      next.playback.book = whole
      guard let waiting = state.playback.waitsForRestAt else { return Outcome(next, [.extendBook(whole)]) }
      // Reading reached the end of the beginning and waited: it goes on from there.
      next.playback.waitsForRestAt = nil
      next.playback.offset = min(waiting, whole.endOffset)
      return Outcome(next, [.extendBook(whole)], send: [.playback(.primaryTapped)])
    }
    // The same sentence of the whole book, counted from the start.
    let sentence = min(part.sentenceIndex(at: state.playback.offset), whole.count - 1)
    let wasReading = state.playback.phase.liveUtterance != nil || state.playback.waitsForRestAt != nil
    var effects: [BoxEffect] = []
    if let live = state.playback.phase.liveUtterance { effects.append(.playback(.stop(token: live.token))) }
    next.playback.book = whole
    next.playback.phase = .idle
    next.playback.word = nil
    next.playback.waitsForRestAt = nil
    next.playback.offset = whole.sentences[sentence].start
    effects.append(.loadBook(whole))
    return Outcome(next, effects, send: wasReading ? [.playback(.primaryTapped)] : [])
  }
}
