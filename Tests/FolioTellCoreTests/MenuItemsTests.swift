import Testing

@testable import FolioTellCore

/// Pages with items of their own are typed: each item's words and action together, its place on the page
/// its place among the items shown, so a page that shows fewer items (Go to without print pages) and the
/// way back to it agree.
@Suite struct MenuItemsTests {
  let book = try! SentenceMap(
    sentences: [TextSpan(start: 0, end: 4), TextSpan(start: 5, end: 9), TextSpan(start: 10, end: 16)],
    text: "One. Two. Three.")

  func opened(pages: [PageMark] = [], bookmarks: [Int] = []) -> BoxState {
    Box.reduce(
      BoxState(), .bookOpened(bookID: "b", book: book, saved: nil, bookmarks: bookmarks, pages: pages), at: 0
    ).0
  }

  func run(_ state: BoxState, _ events: [MenuEvent]) -> BoxState {
    events.reduce(state) { Box.reduce($0, .menu($1), at: 1).0 }
  }

  @Test func goToShowsThePrintPagesOnlyWhenTheBookHasThem() {
    #expect(Menu.items(of: .goTo, in: opened()) == ["Chapters", "A percentage"])
    let paged = opened(pages: [PageMark(label: "1", start: 0), PageMark(label: "2", start: 5)])
    #expect(Menu.items(of: .goTo, in: paged) == ["Chapters", "A percentage", "A page of the print edition"])
    // Past the end of a short page: its last item.
    #expect(GoToItem.at(5, in: opened()) == .percent)
  }

  @Test func backFromAPageComesToTheItemThatOpenedIt() {
    let paged = opened(pages: [PageMark(label: "1", start: 0), PageMark(label: "2", start: 5)])
    // MENU, Go to, the third item (pages), then back.
    let state = run(paged, [.opened, .moved(steps: 1), .chosen, .moved(steps: 2), .chosen, .back])
    #expect(state.menu?.page == .goTo)
    #expect(state.menu?.selected == 2)
    let sound = run(opened(), [.opened, .moved(steps: 5), .chosen, .moved(steps: 1), .chosen, .back])
    #expect(sound.menu?.page == .sound)
    #expect(sound.menu?.selected == SoundItem.pitch.position(in: sound))
  }

  @Test func aBookmarksPageShowsTheBookmarkItIsAbout() {
    // MENU, Bookmarks, the second bookmark.
    let state = run(opened(bookmarks: [0, 10]), [.opened, .moved(steps: 2), .chosen, .moved(steps: 2), .chosen])
    #expect(state.menu?.page == .bookmark)
    #expect(Menu.items(of: .bookmark, in: state) == ["Go to bookmark 2", "Delete bookmark 2"])
    let back = run(state, [.back])
    #expect(back.menu?.page == .bookmarks)
    #expect(back.menu?.selected == 2)
  }

  @Test func everyTypedItemHasWordsAndEveryPageHasItsTitle() {
    let state = opened()
    let words =
      MainItem.words(in: state) + GoToItem.words(in: state) + SoundItem.words(in: state)
      + DisplayItem.words(in: state) + AboutItem.words(in: state) + BookmarkItem.words(in: state)
    #expect(words.allSatisfy { !$0.isEmpty })
    #expect(Set(words).count == words.count)
  }
}
