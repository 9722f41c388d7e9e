/// Bookmarks of the open book, part of the bookmarks and navigation feature: added where the listener is,
/// numbered in reading order, kept by the store. The menu's page is the menu's: these ask it to close or
/// to show the bookmarks again.
enum Bookmarks {
  static func add(_ state: NavigationState, _ context: FeatureContext) -> FeatureStep<NavigationState> {
    guard let bookID = context.book.id, !context.playback.book.isEmpty else {
      return FeatureStep(state, send: [.closeMenu(context.words(.noBookForBookmark))])
    }
    let offset = context.playback.sentenceStart
    if let existing = state.bookmarks.firstIndex(of: offset) {
      return FeatureStep(state, send: [.closeMenu(context.words(.bookmarkAlreadyHere, .number(existing + 1)))])
    }
    var next = state
    next.bookmarks = (state.bookmarks + [offset]).sorted()
    let number = (next.bookmarks.firstIndex(of: offset) ?? 0) + 1
    let place = ReadingPosition(offset: offset, sentence: context.playback.book.sentenceIndex(at: offset))
    let placeName = WhereAmI.placeName(offset, book: context.book, text: context.playback.book, context.words)
    return FeatureStep(
      next, [.addBookmark(bookID: bookID, position: place)],
      send: [.closeMenu(context.words(.bookmarkAdded, .number(number), .words(placeName)))])
  }

  static func remove(at index: Int, _ state: NavigationState, _ context: FeatureContext)
    -> FeatureStep<NavigationState>
  {
    guard let bookID = context.book.id, index < state.bookmarks.count else { return FeatureStep(state) }
    var next = state
    let offset = next.bookmarks.remove(at: index)
    return FeatureStep(
      next, [.removeBookmark(bookID: bookID, offset: offset)],
      send: [.enterMenuPage(.bookmarks, saying: context.words(.bookmarkDeleted, .number(index + 1)) + " ")])
  }
}
