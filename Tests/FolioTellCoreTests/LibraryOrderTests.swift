import Testing

@testable import FolioTellCore

/// The Books page of a large library: the recently read first, then every book by title, and the knob
/// pushed in jumping a letter a detent.
@Suite struct LibraryOrderTests {
  static let titles = [
    "Middlemarch", "Emma", "\u{201C}Alice\u{201D} Abroad", "Moby-Dick", "A Tale of Two Cities", "Bleak House",
    "Mansfield Park", "Dracula", "emma (abridged)", "2001 Stories",
  ]

  func library(lastRead: [String: Double] = [:]) -> [LibraryBook] {
    Self.titles.map { LibraryBook(id: $0, title: $0, lastRead: lastRead[$0]) }
  }

  func titles(_ state: BoxState) -> [String] { state.library.books.map(\.title) }

  @Test func booksAreSortedByTitleFromTheirFirstLetter() {
    var state = BoxState()
    state = Box.reduce(state, .libraryChanged(library()), at: 0).0
    #expect(
      titles(state) == [
        "2001 Stories", "A Tale of Two Cities", "\u{201C}Alice\u{201D} Abroad", "Bleak House", "Dracula", "Emma",
        "emma (abridged)", "Mansfield Park", "Middlemarch", "Moby-Dick",
      ])
  }

  @Test func booksThatCannotBeOpenedComeAfterTheOthers() {
    var state = BoxState()
    let broken = LibraryBook(id: "unreadable:/books/aaa.pdf", title: "aaa", problem: "a PDF")
    state = Box.reduce(state, .libraryChanged([broken] + library()), at: 0).0
    #expect(titles(state).first == "2001 Stories")
    #expect(titles(state).last == "aaa")
  }

  @Test func theRecentlyReadComeFirstTheLatestFirst() {
    var state = BoxState()
    let read = ["Dracula": 1_700_000_000.0, "Moby-Dick": 1_700_000_500, "Emma": 1_600_000_000, "Bleak House": 1_500_000_000]
    state = Box.reduce(state, .libraryChanged(library(lastRead: read)), at: 0).0
    #expect(titles(state).prefix(4) == ["Moby-Dick", "Dracula", "Emma", "2001 Stories"])
    #expect(state.library.recent == ["Moby-Dick", "Dracula", "Emma"])
    // Bleak House was read, but longer ago than the three: it is with the others, by title.
    #expect(titles(state).contains("Bleak House"))
    #expect(titles(state).count == Self.titles.count)
  }

  @Test func aBookOpenedBecomesTheLatestRead() {
    var state = BoxState()
    state = Box.reduce(state, .libraryChanged(library(lastRead: ["Dracula": 1_700_000_000])), at: 0).0
    let book = try! SentenceMap(sentences: [TextSpan(start: 0, end: 4)], text: "One.")
    state = Box.reduce(state, .bookOpened(bookID: "Middlemarch", book: book, saved: nil), at: 1).0
    #expect(titles(state).prefix(3) == ["Middlemarch", "Dracula", "2001 Stories"])
    // A new list from the library keeps it first, as the open book.
    state = Box.reduce(state, .libraryChanged(library(lastRead: ["Dracula": 1_700_000_000])), at: 2).0
    #expect(titles(state).prefix(3) == ["Middlemarch", "Dracula", "2001 Stories"])
  }

  func onBooksPage(lastRead: [String: Double] = [:]) -> BoxState {
    var state = BoxState()
    state = Box.reduce(state, .libraryChanged(library(lastRead: lastRead)), at: 0).0
    state = Box.reduce(state, .menu(.opened), at: 1).0
    state = Box.reduce(state, .menu(.chosen), at: 2).0
    #expect(state.menu?.page == .books)
    return state
  }

  func said(_ effects: [BoxEffect]) -> [String] {
    effects.compactMap { if case .announce(let text, _, _, _) = $0 { return SpokenLanguages.plain(text) } else { return nil } }
  }

  @Test func thePushedKnobJumpsToTheNextLetterAndSaysIt() {
    var state = onBooksPage()
    var effects: [BoxEffect]
    (state, effects) = Box.reduce(state, .encoderPushed(steps: 1), at: 3)
    #expect(state.menu?.selected == 1)
    #expect(said(effects) == ["A. A Tale of Two Cities. 2 of 10."])
    (state, effects) = Box.reduce(state, .encoderPushed(steps: 2), at: 4)
    #expect(said(effects) == ["D. Dracula. 5 of 10."])
    (state, effects) = Box.reduce(state, .encoderPushed(steps: 2), at: 5)
    #expect(said(effects) == ["M. Mansfield Park. 8 of 10."])
    // No letter after M: the item is said again.
    (state, effects) = Box.reduce(state, .encoderPushed(steps: 1), at: 6)
    #expect(state.menu?.selected == 7)
    #expect(said(effects) == ["Mansfield Park. 8 of 10."])
  }

  @Test func turnedBackFromInsideALetterTheFirstDetentGoesToItsFirstBook() {
    var state = onBooksPage()
    state = Box.reduce(state, .encoder(steps: 9), at: 3).0
    #expect(titles(state)[state.menu!.selected] == "Moby-Dick")
    var effects: [BoxEffect]
    (state, effects) = Box.reduce(state, .encoderPushed(steps: -1), at: 4)
    #expect(said(effects) == ["M. Mansfield Park. 8 of 10."])
    (state, effects) = Box.reduce(state, .encoderPushed(steps: -1), at: 5)
    #expect(said(effects) == ["E. Emma. 6 of 10."])
  }

  @Test func theRecentlyReadAreOneGroupBeforeTheLetters() {
    var state = onBooksPage(lastRead: ["Dracula": 1_700_000_000, "Emma": 1_600_000_000])
    #expect(titles(state).prefix(2) == ["Dracula", "Emma"])
    var effects: [BoxEffect]
    (state, effects) = Box.reduce(state, .encoderPushed(steps: 1), at: 3)
    #expect(said(effects) == ["2. 2001 Stories. 3 of 10."])
    (state, effects) = Box.reduce(state, .encoderPushed(steps: -1), at: 4)
    // Back to the recently read: no letter is said for them.
    #expect(said(effects) == ["Dracula. 1 of 10."])
  }

  @Test func elsewhereInTheMenuThePushedKnobMovesItemByItem() {
    var state = BoxState()
    state = Box.reduce(state, .menu(.opened), at: 1).0
    let (next, effects) = Box.reduce(state, .encoderPushed(steps: 2), at: 2)
    #expect(next.menu?.selected == 2)
    #expect(said(effects).count == 1)
  }

  @Test func theKeyDescriberSaysWhatThePushedKnobDoesInTheMenu() {
    #expect(
      ControlMap.knobDescription(in: .menu, pushed: true)
        == "The knob, pushed in and turned: on the Books page it jumps to the next or previous first letter; elsewhere it moves through the items."
    )
    for language in WordTable.all.map(\.language) {
      let words = BoxWords(language: language)
      #expect(!ControlMap.knobDescription(in: .menu, pushed: true, words).contains("{"), "\(language)")
    }
  }

  @Test func fiveThousandBooksAreArrangedAndJumpedQuickly() {
    let books = (0..<5000).map { LibraryBook(id: "b\($0)", title: "\(String(UnicodeScalar(65 + $0 % 26)!)) book \($0)") }
    var library = LibraryState()
    library.take(books, open: nil)
    #expect(library.books.count == 5000)
    #expect(library.letterJump(from: 0, steps: 1) == 5000 / 26 + 1)
  }
}
