import Foundation
import Testing

@testable import FolioTellCore

/// Moving by heading level, page, paragraph or sentence: a long push of the knob chooses, and the knob and
/// NEXT/PREVIOUS then move by it (a DAISY book's h1 to h6, a print edition's pages).
@Suite struct LevelNavigationTests {
  // Six sentences: a part (level 1), two sections (level 2), another part, with pages.
  static let text = "Part one. Section A. Text a. Section B. Text b. Part two."
  static let starts = [0, 10, 21, 29, 40, 48]

  func book() -> BoxState {
    let map = try! SentenceMap(
      sentences: zip(Self.starts, Self.starts.dropFirst() + [Self.text.unicodeScalars.count]).map {
        TextSpan(start: $0, end: $1 - ($1 == Self.text.unicodeScalars.count ? 0 : 1))
      }, text: Self.text)
    var state = BoxState()
    (state, _) = Box.reduce(
      state,
      .bookOpened(
        bookID: "b", book: map, saved: nil, title: "Levels",
        chapters: [
          ChapterMark(title: "Part one", start: 0, level: 1), ChapterMark(title: "Section A", start: 10, level: 2),
          ChapterMark(title: "Section B", start: 29, level: 2), ChapterMark(title: "Part two", start: 48, level: 1),
        ],
        pages: [PageMark(label: "1", start: 0), PageMark(label: "2", start: 29)]),
      at: 0)
    return state
  }


  @Test func aLongPushOfTheKnobGoesThroughWhatTheBookOffersAndSaysIt() {
    #expect(KnobUnit.offered(by: book().book) == [.sentence, .paragraph, .level1, .level2, .page])
    var state = book()
    var heard: [String] = []
    for _ in 0..<6 {
      let (next, effects) = run(state, [.control(name: .encoderPush, gesture: .release), .announcementFinished])
      state = next
      heard += said(effects)
    }
    #expect(
      heard == [
        "Move by paragraph.", "Move by level 1.", "Move by level 2.", "Move by page.", "Move by sentence.",
        "Move by paragraph.",
      ])
    #expect(state.controls.knob == .paragraph)
  }

  @Test func nextAndTheKnobMoveByTheLevelChosen() {
    var state = book()
    state.controls.knob = .level2
    var (next, effects) = run(state, [.control(name: .next, gesture: .short)])
    #expect(next.playback.offset == 10, "to Section A")
    (next, effects) = run(next, [.encoder(steps: 1)])
    #expect(next.playback.offset == 29, "to Section B")
    state = next
    state.controls.knob = .level1
    (next, effects) = run(state, [.control(name: .next, gesture: .short)])
    #expect(next.playback.offset == 48, "past Section B's level to Part two")
    (next, effects) = run(next, [.control(name: .previous, gesture: .short)])
    #expect(next.playback.offset == 0, "back to Part one")
    state.controls.knob = .page
    (next, effects) = run(state, [.control(name: .previous, gesture: .short)])
    #expect(next.playback.offset == 0, "from page 2's start back to page 1")
    _ = effects
  }

  @Test func aBookWithoutLevelsOrPagesOffersLess() {
    var state = BoxState()
    state.book.chapters = [ChapterMark(title: "One", start: 0), ChapterMark(title: "Two", start: 5)]
    #expect(KnobUnit.offered(by: state.book) == [.sentence, .paragraph, .chapter])
    state.book.chapters = []
    #expect(KnobUnit.offered(by: state.book) == [.sentence, .paragraph])
  }

  @Test func chaptersRecordedBeforeLevelsReadAsLevelOne() throws {
    let mark = try JSONDecoder().decode(ChapterMark.self, from: Data(#"{"title":"One","start":5}"#.utf8))
    #expect(mark == ChapterMark(title: "One", start: 5, level: 1))
  }
}
