/// Moving through the book by chapter, to a percentage or a bookmark, and back again: every jump keeps
/// where the listener was, so one control (undo) brings the place back after a slip of the hand.
enum Navigation {
  /// Jumps closer together than this are one jump for undo (a burst of knob detents).
  static let burstSeconds = 3.0

  /// Remembers the place before a jump, unless this jump continues a burst.
  static func noteJump(_ state: BoxState, at time: Double, force: Bool = false) -> BoxState {
    var next = state
    if force || state.navigation.lastJumpTime.map({ time - $0 > burstSeconds }) ?? true {
      next.navigation.undoPlace = state.playback.offset
    }
    next.navigation.lastJumpTime = time
    return next
  }

  /// A jump that keeps where the listener was for undo, unless it went nowhere (NEXT at the last sentence):
  /// then the undo place stays what it was (see `settle`).
  static func keepingUndo(_ state: BoxState, at time: Double, force: Bool = false, _ jump: [PlaybackEvent]) -> Outcome {
    let mark = JumpMark(playback: state.playback, undoPlace: state.navigation.undoPlace, lastJumpTime: state.navigation.lastJumpTime)
    return Outcome(noteJump(state, at: time, force: force), send: jump.map { .playback($0) } + [.settleJump(mark)])
  }

  /// After a jump: one that changed nothing of playback leaves the undo place as it was.
  static func settle(_ mark: JumpMark, _ state: BoxState) -> BoxState {
    guard state.playback == mark.playback else { return state }
    var next = state
    next.navigation.undoPlace = mark.undoPlace
    next.navigation.lastJumpTime = mark.lastJumpTime
    return next
  }

  /// The knob's detents crossed into another chapter: a tone says so without stopping the reading.
  static func knobLanded(chapterBefore: Int?, _ state: BoxState) -> Outcome {
    guard chapterIndex(at: state.playback.offset, in: state.book.chapters) != chapterBefore else { return Outcome(state) }
    return Outcome(state, [.earcon(.chapterCrossed)])
  }

  /// The chapter the offset is in, by index.
  static func chapterIndex(at offset: Int, in chapters: [ChapterMark]) -> Int? {
    chapters.lastIndex { $0.start <= offset }
  }

  static func chapterTitle(at offset: Int, in state: BoxState) -> String? {
    chapterIndex(at: offset, in: state.book.chapters).map { state.book.chapters[$0].title }
  }

  /// A long NEXT: the next chapter. A long PREVIOUS: the start of this chapter, or the one before when the
  /// listener is at its very start.
  static func chapter(forward: Bool, _ state: BoxState, at time: Double) -> Outcome {
    let chapters = state.book.chapters
    let offset = state.playback.offset
    guard !chapters.isEmpty else {
      return refuse("This book has no chapters.", state)
    }
    let current = chapterIndex(at: offset, in: chapters)
    let target: Int?
    if forward {
      target = chapters.firstIndex { $0.start > offset }
    } else if let current {
      let atStart = state.playback.book.isEmpty || offset <= firstWordStart(of: chapters[current], in: state)
      target = atStart ? (current > 0 ? current - 1 : nil) : current
    } else {
      target = nil
    }
    guard let target else {
      let words = forward ? "This is the last chapter." : "This is the first chapter."
      return refuse(words, state)
    }
    return go(to: chapters[target].start, saying: chapters[target].title, state, at: time)
  }

  /// The first sentence at or after a chapter's start: before it the listener is still "at the start".
  static func firstWordStart(of chapter: ChapterMark, in state: BoxState) -> Int {
    let book = state.playback.book
    let index = book.sentenceIndex(at: chapter.start)
    let sentence = book.sentences[index]
    return sentence.start >= chapter.start ? sentence.start : chapter.start
  }

  /// What cannot be done is said over the book (which goes on afterwards), with the error tone after it.
  static func refuse(_ words: String, _ state: BoxState) -> Outcome {
    var said = Interjection.say(words, state)
    said.send.append(.perform(.earcon(.error)))
    return said
  }

  /// Moves the place, says where it landed, and goes on reading if reading was going on.
  static func go(to offset: Int, saying words: String, _ state: BoxState, at time: Double, closingMenu: Bool = false)
    -> Outcome
  {
    var next = noteJump(state, at: time, force: true)
    if closingMenu { next.menu = nil }
    let text = words.hasSuffix(".") || words.hasSuffix("!") || words.hasSuffix("?") ? words : words + "."
    return Interjection.say(text, next, before: [.moveTo(offset: offset)])
  }

  /// Back to where the listener was before the last jump; undo again goes forth.
  static func undo(_ state: BoxState, at time: Double) -> Outcome {
    guard let place = state.navigation.undoPlace, place != state.playback.offset else {
      return refuse("Nothing to undo.", state)
    }
    let from = state.playback.offset
    var back = go(to: place, saying: "Back to " + WhereAmI.placeName(place, in: state), state, at: time)
    // Undo again goes forth: the actions it sends leave these alone.
    back.state.navigation.undoPlace = from
    back.state.navigation.lastJumpTime = nil
    return back
  }

  /// The knob's detents while reading: by sentence, the jumps are one for undo and reading goes on from
  /// the place reached, with a tone if it is in another chapter; by paragraph or chapter, see `knob`.
  static func turned(_ unit: KnobUnit, steps: Int, _ state: BoxState, at time: Double) -> Outcome {
    guard unit == .sentence else { return knob(unit, steps: steps, state, at: time) }
    var next = state
    next.saying.resumeAfterSaying = false
    let chapterBefore = chapterIndex(at: next.playback.offset, in: next.book.chapters)
    var moved = keepingUndo(next, at: time, ControlMap.sentenceJumps(encoderSteps: steps))
    // The knob took the place into another chapter: a tone says so without stopping the reading.
    moved.send.append(.knobLanded(chapterBefore: chapterBefore))
    return moved
  }

  /// Detents of the knob by paragraph or chapter: reading goes on from the place reached (as by sentence),
  /// with a tone when a chapter was crossed.
  static func knob(_ unit: KnobUnit, steps: Int, _ state: BoxState, at time: Double) -> Outcome {
    let starts: [Int]
    switch unit {
    case .sentence: starts = state.playback.book.sentences.map(\.start)
    case .paragraph: starts = state.book.paragraphs.isEmpty ? state.playback.book.sentences.map(\.start) : state.book.paragraphs
    case .chapter: starts = state.book.chapters.map(\.start)
    }
    var target = state.playback.offset
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
    guard target != state.playback.offset else {
      return Outcome(state, [.earcon(.error)])
    }
    var next = noteJump(state, at: time)
    next.saying.resumeAfterSaying = false
    let chapterBefore = chapterIndex(at: state.playback.offset, in: state.book.chapters)
    let crossed = chapterIndex(at: target, in: state.book.chapters) != chapterBefore
    return Outcome(
      next,
      send: [.playback(.moveTo(offset: target)), .playback(.primaryTapped)]
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
