import Testing

@testable import FolioTellCore

/// A long book opened from its beginning while the rest is indexed: reading starts at once, where-am-I
/// says its figures are estimates, and the whole book takes the beginning's place without a word lost,
/// repeated, or a stop, even when reading had already reached the end of the beginning.
@Suite struct IndexedBookTests {
  static let sentences = (1...40).map { "Sentence number \($0) of the book." }
  static let wholeText = sentences.joined(separator: " ")

  static func map(_ count: Int) -> SentenceMap {
    var spans: [TextSpan] = []
    var start = 0
    for sentence in sentences.prefix(count) {
      spans.append(TextSpan(start: start, end: start + sentence.unicodeScalars.count))
      start += sentence.unicodeScalars.count + 1
    }
    let text = sentences.prefix(count).joined(separator: " ")
    return try! SentenceMap(sentences: spans, text: text)
  }

  /// The first 10 sentences, expected to be a quarter of the book.
  static var beginning: SentenceMap {
    var part = map(10)
    part.expectedEndOffset = part.endOffset * 4
    return part
  }

  func opened(_ book: SentenceMap = Self.beginning) -> BoxState {
    run(BoxState(), [.bookOpened(bookID: "long", book: book, saved: nil, title: "Long")], at: 0).0
  }

  func indexed(_ book: SentenceMap = Self.map(40), id: String = "long") -> BoxEvent {
    .bookIndexed(bookID: id, book: book, chapters: [ChapterMark(title: "Two", start: book.sentences[20].start)])
  }

  @Test func whereAmISaysAboutUntilTheWholeBookIsIndexed() {
    var state = opened()
    state.playback.offset = Self.beginning.sentences[5].start
    var (_, effects) = run(state, [.control(name: .play, gesture: .long)])
    // Half the beginning, which is expected to be a quarter of the book.
    #expect(said(effects).first == "Long. About 12 percent. About 1 minute left in the book.")
    (state, _) = run(state, [indexed()])
    (_, effects) = run(state, [.control(name: .play, gesture: .long)])
    #expect(said(effects).first?.contains("about") == false)
    #expect(said(effects).first?.contains("12 percent") == true)
  }

  @Test func theWholeBookExtendsTheLiveUtteranceWithoutStoppingIt() {
    var (state, _) = run(opened(), [.playback(.primaryTapped)])
    guard case .speaking(let utterance) = state.playback.phase else {
      Issue.record("reading did not start")
      return
    }
    let heard = Self.beginning.sentences[3].start
    (state, _) = run(state, [.playback(.willSpeakRange(token: utterance.token, location: heard, length: 8))])
    let effects: [BoxEffect]
    (state, effects) = run(state, [indexed()])
    #expect(effects == [.extendBook(Self.map(40))])
    #expect(state.playback.phase == .speaking(utterance))
    #expect(state.playback.offset == heard)
    #expect(state.playback.book.isWhole && state.playback.book.count == 40)
    #expect(state.book.chapters.map(\.title) == ["Two"])
  }

  @Test func readingThatReachedTheEndOfTheBeginningWaitsAndGoesOnFromThere() {
    var (state, _) = run(opened(), [.playback(.primaryTapped)])
    let token = state.playback.utteranceToken
    var effects: [BoxEffect]
    (state, effects) = run(state, [.playback(.utteranceDidFinish(token: token))])
    // Not the end of the book: nothing said, no end tone, and reading waits where the beginning ended.
    #expect(said(effects).isEmpty)
    #expect(!effects.contains(.earcon(.endOfBook)))
    #expect(state.playback.phase == .idle)
    #expect(state.playback.waitsForRestAt == Self.beginning.endOffset)
    (state, effects) = run(state, [indexed()])
    #expect(effects.contains(.extendBook(Self.map(40))))
    guard case .speaking = state.playback.phase else {
      Issue.record("reading did not go on")
      return
    }
    #expect(effects.contains(.playback(.startUtterance(token: token + 1, offset: Self.beginning.endOffset, wpm: state.playback.wpm, voice: state.playback.voice))))
  }

  @Test func aWholeBookWhoseBeginningDiffersMovesToTheSameSentenceAndReadsOn() {
    var (state, _) = run(opened(), [.playback(.primaryTapped)])
    let token = state.playback.utteranceToken
    (state, _) = run(
      state, [.playback(.willSpeakRange(token: token, location: Self.beginning.sentences[4].start + 9, length: 6))])
    // The whole book as it was indexed: one more sentence in front (a rule told from the whole text).
    let text = "A preface. " + Self.wholeText
    var spans = [TextSpan(start: 0, end: 10)]
    spans += Self.map(40).sentences.map { TextSpan(start: $0.start + 11, end: $0.end + 11) }
    let whole = try! SentenceMap(sentences: spans, text: text)
    let effects: [BoxEffect]
    (state, effects) = run(state, [indexed(whole)])
    #expect(effects.contains(.playback(.stop(token: token))))
    #expect(effects.contains(.loadBook(whole)))
    #expect(state.playback.offset == whole.sentences[4].start)
    guard case .speaking = state.playback.phase else {
      Issue.record("reading did not go on")
      return
    }
  }

  @Test func anotherBooksIndexIsIgnored() {
    let state = opened()
    let (after, effects) = run(state, [indexed(id: "another")])
    #expect(after == state)
    #expect(effects.isEmpty)
  }

  @Test func aWholeBookNeverMarksTheEndAsAWait() {
    var (state, _) = run(opened(Self.map(10)), [.playback(.primaryTapped)])
    let effects: [BoxEffect]
    (state, effects) = run(state, [.playback(.utteranceDidFinish(token: state.playback.utteranceToken))])
    #expect(state.playback.phase == .finished)
    #expect(state.playback.waitsForRestAt == nil)
    #expect(effects.contains(.earcon(.endOfBook)))
  }
}
