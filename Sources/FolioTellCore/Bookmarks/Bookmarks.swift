/// Bookmarks of the open book: added where the listener is, numbered in reading order, kept by the store.
enum Bookmarks {
  static func add(_ state: BoxState, at time: Double) -> (BoxState, [BoxEffect]) {
    guard let bookID = state.book.id, !state.playback.book.isEmpty else {
      return Menu.close("No book is open, so there is nowhere to put a bookmark.", state)
    }
    let offset = state.playback.sentenceStart
    var next = state
    if let existing = state.navigation.bookmarks.firstIndex(of: offset) {
      return Menu.close("Bookmark \(existing + 1) is already here.", state)
    }
    next.navigation.bookmarks = (state.navigation.bookmarks + [offset]).sorted()
    let number = (next.navigation.bookmarks.firstIndex(of: offset) ?? 0) + 1
    let place = ReadingPosition(offset: offset, sentence: state.playback.book.sentenceIndex(at: offset))
    let (closed, effects) = Menu.close(
      "Bookmark \(number) added, \(WhereAmI.placeName(offset, in: state)).", next)
    return (closed, [.addBookmark(bookID: bookID, position: place)] + effects)
  }

  static func remove(at index: Int, _ state: BoxState) -> (BoxState, [BoxEffect]) {
    guard let bookID = state.book.id, index < state.navigation.bookmarks.count else { return (state, []) }
    var next = state
    let offset = next.navigation.bookmarks.remove(at: index)
    let (entered, effects) = Menu.enter(.bookmarks, next)
    var said = effects
    if case .announce(let text, let wpm, let voice)? = said.first {
      said = [.announce(text: "Bookmark \(index + 1) deleted. " + text, wpm: wpm, voice: voice)]
    }
    return (entered, [.removeBookmark(bookID: bookID, offset: offset)] + said)
  }
}
