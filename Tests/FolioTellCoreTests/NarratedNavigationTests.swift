import Testing

@testable import FolioTellCore

/// A talking book moved through by narrated time (10 seconds, one minute) and where-am-I in its times.
@Suite struct NarratedNavigationTests {
  /// Two chapters of 10-second phrases from two files: 9 phrases (90 s), then 6 (60 s).
  func narrated() -> BoxState {
    var text = ""
    var spans: [TextSpan] = []
    var clips: [NarrationClip?] = []
    for (file, count) in [("one.mp3", 9), ("two.mp3", 6)] {
      for index in 0..<count {
        if !text.isEmpty { text += "\n\n" }
        let start = text.unicodeScalars.count
        text += "\(file) at \(index * 10) seconds"
        spans.append(TextSpan(start: start, end: text.unicodeScalars.count))
        clips.append(NarrationClip(file: file, begin: Double(index * 10), end: Double(index * 10 + 10)))
      }
    }
    var map = try! SentenceMap(sentences: spans, text: text)
    map.clips = clips
    let (state, _) = Box.reduce(
      BoxState(),
      .bookOpened(
        bookID: "talking", book: map, saved: nil, title: "Talking",
        chapters: [ChapterMark(title: "One", start: 0), ChapterMark(title: "Two", start: spans[9].start)]),
      at: 0)
    return state
  }

  @Test func timesFollowTheNarrationPhraseByPhraseAndInsideAPhrase() throws {
    let book = narrated().playback.book
    let times = try #require(NarrationTimes(book))
    #expect(times.total == 150)
    #expect(times.time(at: book.sentences[3].start) == 30)
    let middle = book.sentences[3].start + book.sentences[3].length / 2
    #expect(abs(times.time(at: middle) - 35) < 0.5)
    #expect(times.offset(at: 30) == book.sentences[3].start)
    #expect(abs(times.time(at: times.offset(at: 95)) - 95) < 0.5)
    #expect(NarrationTimes(try SentenceMap(sentences: [TextSpan(start: 0, end: 4)], text: "Text")) == nil)
  }

  @Test func aLongPushOfTheKnobOffersTenSecondsAndAMinuteForANarratedBook() {
    var state = narrated()
    #expect(KnobUnit.offered(by: state.book, narrated: true) == [.sentence, .paragraph, .chapter, .tenSeconds, .minute])
    var heard: [String] = []
    for _ in 0..<5 {
      let (next, effects) = run(state, [.control(name: .encoderPush, gesture: .release), .announcementFinished])
      state = next
      heard += said(effects)
    }
    #expect(heard == ["Move by paragraph.", "Move by chapter.", "Move by 10 seconds.", "Move by one minute.", "Move by sentence."])
  }

  @Test func nextPreviousAndTheKnobMoveByNarratedTime() throws {
    var state = narrated()
    let book = state.playback.book
    let times = try #require(NarrationTimes(book))
    state.controls.knob = .minute
    var (next, _) = run(state, [.control(name: .next, gesture: .short)])
    #expect(times.time(at: next.playback.offset) == 60, "a minute on")
    (next, _) = run(next, [.encoder(steps: 1)])
    #expect(times.time(at: next.playback.offset) == 120, "into the second chapter")
    next.controls.knob = .tenSeconds
    (next, _) = run(next, [.control(name: .previous, gesture: .short)])
    #expect(times.time(at: next.playback.offset) == 110)
    (next, _) = run(next, [.encoder(steps: -3)])
    #expect(times.time(at: next.playback.offset) == 80)
    // Past the end of the narration: the last phrase.
    next.controls.knob = .minute
    (next, _) = run(next, [.encoder(steps: 5)])
    #expect(next.playback.offset == book.sentences[14].start)
  }

  @Test func whereAmISaysTheTimeIntoTheChapterAndWhatIsLeftAtTheListenersSpeed() {
    var state = narrated()
    state.playback.offset = state.playback.book.sentences[12].start  // 30 s into chapter two
    let (_, effects) = run(state, [.control(name: .play, gesture: .long)])
    let text = said(effects).joined()
    #expect(text.contains("Two."))
    #expect(text.contains("less than a minute into the chapter"), "\(text)")
    #expect(text.contains("1 minute left in the chapter") || text.contains("less than a minute left in the chapter"), "\(text)")
    // Twice as fast: the 30 s left in the chapter take 15 s; the book's 30 s as well.
    state.playback.wpm = 2 * SpeechRate.normal
    let (_, faster) = run(state, [.control(name: .play, gesture: .long)])
    #expect(said(faster).joined().contains("less than a minute left in the book"), "\(said(faster))")
  }
}

@Suite struct TimeUnitsInTextBooksTests {
  @Test func aTimeUnitOnABookOfTextMovesBySentence() {
    let text = "One sentence. Another one. A third."
    let map = try! SentenceMap(
      sentences: [TextSpan(start: 0, end: 13), TextSpan(start: 14, end: 26), TextSpan(start: 27, end: 35)], text: text)
    var (state, _) = Box.reduce(BoxState(), .bookOpened(bookID: "t", book: map, saved: nil), at: 0)
    state.controls.knob = .minute
    let (next, _) = run(state, [.encoder(steps: 1)])
    #expect(next.playback.offset == 14)
    #expect(KnobUnit.offered(by: state.book, narrated: false) == [.sentence, .paragraph])
  }
}

@Suite struct NarratedHeadingTests {
  /// A talking book with no text: each recording is one phrase, shown by its title.
  @Test func aChapterJumpPlaysTheNarratedHeadingItLandsOn() {
    let text = "Part one\n\nPart two"
    var map = try! SentenceMap(sentences: [TextSpan(start: 0, end: 8), TextSpan(start: 10, end: 18)], text: text)
    map.clips = [NarrationClip(file: "1.mp3", begin: 0, end: 600), NarrationClip(file: "2.mp3", begin: 0, end: 600)]
    let (state, _) = Box.reduce(
      BoxState(),
      .bookOpened(
        bookID: "spoken", book: map, saved: nil,
        chapters: [ChapterMark(title: "Part one", start: 0), ChapterMark(title: "Part two", start: 10)]),
      at: 0)
    let (next, effects) = run(state, [.control(name: .next, gesture: .long)])
    #expect(said(effects).contains("Part two."), "\(said(effects))")
    #expect(next.playback.offset == 10, "the ten minutes of part two are played, not skipped as a heading")
  }
}
