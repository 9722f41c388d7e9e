import FolioTellCore

/// A long book's layout in a trace (`LongBookCoding`): its text is written as its size, and its chapters,
/// pages, notes and paragraphs are left out too (a 30 MB book has some 17,000 pages: written at every
/// new ring file, they would cost megabytes on the funnel's thread). The line says `"layoutLeftOut":true`,
/// and replay takes the layout from where it finds the book.
extension TraceCoding {
  static func leavesOut(_ book: SentenceMap) -> Bool { LongBookCoding.leavesOut(book, limit: longBookCharacters) }

  /// The event as the trace writes it, and whether a layout was left out.
  static func slimmed(_ event: BoxEvent) -> (event: BoxEvent, leftOut: Bool) {
    switch event {
    case .bookOpened(let id, let book, let saved, let title, let path, let chapters, let bookmarks, let pages, let notes,
      let language, let settings, let paragraphs)
    where leavesOut(book) && !LongBookCoding.Layout(chapters: chapters, pages: pages, notes: notes, paragraphs: paragraphs).isEmpty:
      let slim = BoxEvent.bookOpened(
        bookID: id, book: book, saved: saved, title: title, path: path, bookmarks: bookmarks, language: language,
        settings: settings)
      return (slim, true)
    case .bookIndexed(let id, let book, let chapters, let pages, let notes, let paragraphs)
    where leavesOut(book) && !LongBookCoding.Layout(chapters: chapters, pages: pages, notes: notes, paragraphs: paragraphs).isEmpty:
      return (.bookIndexed(bookID: id, book: book), true)
    default:
      return (event, false)
    }
  }

  /// The event with the layout the trace left out, where `books` finds it.
  static func restored(_ event: BoxEvent, books: LongBookCoding.Finder?) -> BoxEvent {
    switch event {
    case .bookOpened(let id, let book, let saved, let title, let path, _, let bookmarks, _, _, let language, let settings, _):
      guard let layout = books?.layout(of: book) else { return event }
      return .bookOpened(
        bookID: id, book: book, saved: saved, title: title, path: path, chapters: layout.chapters, bookmarks: bookmarks,
        pages: layout.pages, notes: layout.notes, language: language, settings: settings, paragraphs: layout.paragraphs)
    case .bookIndexed(let id, let book, _, _, _, _):
      guard let layout = books?.layout(of: book) else { return event }
      return .bookIndexed(
        bookID: id, book: book, chapters: layout.chapters, pages: layout.pages, notes: layout.notes,
        paragraphs: layout.paragraphs)
    default:
      return event
    }
  }

  /// The state as a trace file's first line writes it, and whether the open book's layout was left out.
  static func slimmed(_ state: BoxState) -> (state: BoxState, leftOut: Bool) {
    let book = state.book
    let layout = LongBookCoding.Layout(chapters: book.chapters, pages: book.pages, notes: book.notes, paragraphs: book.paragraphs)
    guard leavesOut(state.playback.book), !layout.isEmpty else { return (state, false) }
    var slim = state
    (slim.book.chapters, slim.book.pages, slim.book.notes, slim.book.paragraphs) = ([], [], [], [])
    return (slim, true)
  }

  static func restored(_ state: BoxState, books: LongBookCoding.Finder?) -> BoxState {
    guard let layout = books?.layout(of: state.playback.book) else { return state }
    var whole = state
    (whole.book.chapters, whole.book.pages, whole.book.notes, whole.book.paragraphs) =
      (layout.chapters, layout.pages, layout.notes, layout.paragraphs)
    return whole
  }
}
