/// The bookmarks and navigation feature: moving through the book by sentence, chapter, paragraph, to a
/// percentage or a bookmark, and back again. Its state is `NavigationState`; it reads the book and the place
/// from the context, and asks playback to move and the box to say where it landed. Every jump keeps where
/// the listener was, so one control (undo) brings the place back after a slip of the hand.
enum Navigation {
  /// Jumps closer together than this are one jump for undo (a burst of knob detents).
  static let burstSeconds = 3.0

  static func reduce(_ state: NavigationState, _ action: NavigationAction, _ context: FeatureContext)
    -> FeatureStep<NavigationState>
  {
    switch action {
    case .jump(let events, let force): return keepingUndo(state, context, force: force, events)
    case .chapter(let forward): return chapter(forward: forward, state, context)
    case .undo: return undo(state, context)
    case .turned(let unit, let steps): return turned(unit, steps: steps, state, context)
    case .go(let offset, let words): return go(to: offset, saying: words, state, context)
    case .settle(let mark): return settle(mark, state, context)
    case .addBookmark: return Bookmarks.add(state, context)
    case .removeBookmark(let index): return Bookmarks.remove(at: index, state, context)
    case .knobLanded(let chapterBefore):
      let now = chapterIndex(at: context.playback.offset, in: context.book.chapters)
      return FeatureStep(state, now != chapterBefore ? [.earcon(.chapterCrossed)] : [])
    }
  }

  /// Remembers the place before a jump, unless this jump continues a burst or leaves the book's end (there
  /// is nothing to read there: undo after starting a finished book over is not the end again).
  static func noteJump(_ state: NavigationState, _ context: FeatureContext, force: Bool = false) -> NavigationState {
    var next = state
    let atEnd = context.playback.offset >= context.playback.book.endOffset
    if !atEnd, force || state.lastJumpTime.map({ context.time - $0 > burstSeconds }) ?? true {
      next.undoPlace = context.playback.offset
    }
    next.lastJumpTime = context.time
    return next
  }

  /// A jump that keeps where the listener was for undo, unless it went nowhere (NEXT at the last sentence):
  /// then the undo place stays what it was (see `settle`).
  static func keepingUndo(
    _ state: NavigationState, _ context: FeatureContext, force: Bool = false, _ jump: [PlaybackEvent]
  ) -> FeatureStep<NavigationState> {
    let mark = JumpMark(playback: context.playback, undoPlace: state.undoPlace, lastJumpTime: state.lastJumpTime)
    return FeatureStep(
      noteJump(state, context, force: force), send: jump.map { .playback($0) } + [.navigation(.settle(mark))])
  }

  /// After a jump: one that changed nothing of playback leaves the undo place as it was, and says why it
  /// could not move (no press ends in silence).
  static func settle(_ mark: JumpMark, _ state: NavigationState, _ context: FeatureContext)
    -> FeatureStep<NavigationState>
  {
    guard context.playback == mark.playback else { return FeatureStep(state) }
    var next = state
    next.undoPlace = mark.undoPlace
    next.lastJumpTime = mark.lastJumpTime
    return FeatureStep(next, [wentNowhere(context)])
  }

  /// The answer to a jump that could not move: no book, the book's end, or a tone at its start.
  static func wentNowhere(_ context: FeatureContext) -> BoxEffect {
    let playback = context.playback
    if playback.book.isEmpty { return context.say(context.words(.noBookOpen)) }
    if playback.offset >= playback.book.endOffset { return context.say(context.words(.endOfBook)) }
    return .earcon(.limit)
  }

  /// The chapter the offset is in, by index.
  static func chapterIndex(at offset: Int, in chapters: [ChapterMark]) -> Int? {
    chapters.lastIndex { $0.start <= offset }
  }

  static func chapterTitle(at offset: Int, in book: OpenBook) -> String? {
    chapterIndex(at: offset, in: book.chapters).map { book.chapters[$0].title }
  }

  /// A long NEXT: the next chapter. A long PREVIOUS: the start of this chapter, or the one before when the
  /// listener is at its very start.
  static func chapter(forward: Bool, _ state: NavigationState, _ context: FeatureContext)
    -> FeatureStep<NavigationState>
  {
    let chapters = context.book.chapters
    let offset = context.playback.offset
    guard !chapters.isEmpty else {
      return refuse(context.words(.noChapters), state)
    }
    let current = chapterIndex(at: offset, in: chapters)
    let target: Int?
    // Chapters that start at one place (one whose document had no text, and the next) are one stop: the
    // last of them, whose text is read there.
    if forward {
      let next = chapters.first { $0.start > offset }?.start
      target = chapters.lastIndex { $0.start == next }
    } else if let current {
      let atStart =
        context.playback.book.isEmpty || offset <= firstWordStart(of: chapters[current], in: context.playback.book)
      target = atStart ? chapters.lastIndex { $0.start < chapters[current].start } : current
    } else {
      target = nil
    }
    guard let target else {
      let words = context.words(forward ? .lastChapter : .firstChapter)
      return refuse(words, state)
    }
    let book = context.playback.book
    let landing = book.isEmpty ? chapters[target].start : firstWordStart(of: chapters[target], in: book)
    let title = context.words.text(of: .book(chapters[target].title, language: context.book.language))
    return go(to: landing, saying: title, state, context)
  }

  /// Where a chapter's reading starts once its title has been said: the first sentence at or after its
  /// start, past the heading when the heading is the title (said once, not twice). Before it the listener
  /// is still "at the start". A narrated heading is not skipped: its clip may hold the whole section (a
  /// talking book with no text shows each recording by its title), and the narrator saying the title
  /// again costs a second where skipping it could cost the chapter.
  static func firstWordStart(of chapter: ChapterMark, in book: SentenceMap) -> Int {
    let index = book.sentenceIndex(at: chapter.start)
    let sentence = book.sentences[index]
    let first = sentence.start >= chapter.start ? sentence.start : chapter.start
    guard book.hasText, sentence.start >= chapter.start, book.clip(ofSentence: index) == nil else { return first }
    // The heading may be split over sentences ("Chapter 1." "The Beginning."): skip them while they spell
    // the title's start.
    let title = headingKey(chapter.title)
    var heard = ""
    var next = index
    while next + 1 < book.sentences.count, !title.isEmpty {
      heard += headingKey(book.scalars.text(book.sentences[next].start..<book.sentences[next].end))
      guard !heard.isEmpty, title.hasPrefix(heard) else { break }
      next += 1
      if heard == title { return book.sentences[next].start }
    }
    return first
  }

  /// A heading's letters and digits, lowercased: "CHAPTER ONE." and "Chapter One" are the same heading.
  static func headingKey(_ text: String) -> String {
    let kept = text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    return String(String.UnicodeScalarView(kept))
  }

  /// What cannot be done is said over the book (which goes on afterwards), with the error tone after it.
  static func refuse(_ words: String, _ state: NavigationState) -> FeatureStep<NavigationState> {
    FeatureStep(state, send: [.interject(words, before: [], resumeReading: nil), .perform(.earcon(.error))])
  }

  /// Moves the place, says where it landed, and goes on reading if reading was going on.
  static func go(to offset: Int, saying words: String, _ state: NavigationState, _ context: FeatureContext)
    -> FeatureStep<NavigationState>
  {
    let plain = SpokenLanguages.plain(words)
    let text = plain.hasSuffix(".") || plain.hasSuffix("!") || plain.hasSuffix("?") ? words : words + "."
    return FeatureStep(
      noteJump(state, context, force: true),
      send: [.interject(text, before: [.moveTo(offset: offset)], resumeReading: nil)])
  }

  /// Back to where the listener was before the last jump; undo again goes forth.
  static func undo(_ state: NavigationState, _ context: FeatureContext) -> FeatureStep<NavigationState> {
    guard let place = state.undoPlace, place != context.playback.offset else {
      return refuse(context.words(.nothingToUndo), state)
    }
    let from = context.playback.offset
    let words = context.words(
      .backTo, .words(WhereAmI.placeName(place, book: context.book, text: context.playback.book, context.words)))
    var back = go(to: place, saying: words, state, context)
    // Undo again goes forth: the actions it sends leave these alone.
    back.state.undoPlace = from
    back.state.lastJumpTime = nil
    return back
  }

  /// The knob's detents while reading: by sentence, the jumps are one for undo and reading goes on from
  /// the place reached, with a tone if it is in another chapter; by paragraph or chapter, see `knob`.
  static func turned(_ unit: KnobUnit, steps: Int, _ state: NavigationState, _ context: FeatureContext)
    -> FeatureStep<NavigationState>
  {
    guard unit == .sentence else { return knob(unit, steps: steps, state, context) }
    let chapterBefore = chapterIndex(at: context.playback.offset, in: context.book.chapters)
    var moved = keepingUndo(state, context, ControlMap.sentenceJumps(encoderSteps: steps))
    // The knob's own reading takes over from anything said over the book.
    moved.send.insert(.readingTakenOver, at: 0)
    // The knob took the place into another chapter: a tone says so without stopping the reading.
    moved.send.append(.navigation(.knobLanded(chapterBefore: chapterBefore)))
    return moved
  }

  /// Detents of the knob by paragraph or chapter: reading goes on from the place reached (as by sentence),
  /// with a tone when a chapter was crossed.
  static func knob(_ unit: KnobUnit, steps: Int, _ state: NavigationState, _ context: FeatureContext)
    -> FeatureStep<NavigationState>
  {
    let book = context.book
    // Narrated time moves from where the listener is, not to a grid of times (a book of text: by sentence).
    if let seconds = unit.seconds, let times = NarrationTimes(context.playback.book) {
      let from = context.playback.offset
      let target = times.offset(at: times.time(at: from) + seconds * Double(steps))
      guard target != from else { return FeatureStep(state, [.earcon(.error)]) }
      let crossed = chapterIndex(at: target, in: book.chapters) != chapterIndex(at: from, in: book.chapters)
      return FeatureStep(
        noteJump(state, context),
        send: [.readingTakenOver, .playback(.moveTo(offset: target)), .playback(.primaryTapped)]
          + (crossed ? [.perform(.earcon(.chapterCrossed))] : []))
    }
    let sentenceStarts = context.playback.book.sentences.map(\.start)
    let starts: [Int]
    switch unit {
    case .tenSeconds, .minute: starts = sentenceStarts
    case .sentence: starts = sentenceStarts
    case .paragraph: starts = book.paragraphs.isEmpty ? sentenceStarts : book.paragraphs
    case .chapter: starts = book.chapters.map(\.start)
    case .page: starts = book.pages.map(\.start)
    case .level1, .level2, .level3, .level4, .level5, .level6:
      let deepest = unit.level ?? 1
      starts = book.chapters.filter { $0.level <= deepest }.map(\.start)
    }
    let from = context.playback.offset
    var target = from
    for _ in 0..<min(abs(steps), 1000) {
      if steps > 0 {
        guard let following = starts.first(where: { $0 > target }) else { break }
        target = following
      } else {
        // Back to the start of this one; at (or just after) its start, the one before.
        let current = starts.lastIndex { $0 <= target }
        guard let current else { break }
        let atStart = target - starts[current] <= 1
        target = atStart ? starts[max(current - 1, 0)] : starts[current]
      }
    }
    guard target != from else {
      return FeatureStep(state, [.earcon(.error)])
    }
    let crossed = chapterIndex(at: target, in: book.chapters) != chapterIndex(at: from, in: book.chapters)
    return FeatureStep(
      noteJump(state, context),
      send: [.readingTakenOver, .playback(.moveTo(offset: target)), .playback(.primaryTapped)]
        + (crossed ? [.perform(.earcon(.chapterCrossed))] : []))
  }
  /// A percentage of the book (0 to 100): the start of the sentence there.
  static func offset(ofPercent percent: Int, in book: SentenceMap) -> Int {
    guard !book.isEmpty else { return 0 }
    let target = book.endOffset * min(max(percent, 0), 100) / 100
    let index = book.sentenceIndex(at: target)
    return book.sentences[index].start
  }
}
