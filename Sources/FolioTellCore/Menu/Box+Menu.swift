/// The root's side of the menu: what opening and leaving it does to the rest of the box (what was to be
/// read after something said, the library's list), around the menu feature's own step.
extension Box {
  /// The menu's first page, once reading has stopped for it: nothing said before starts reading under it.
  static func showMenu(resumeReading: Bool, _ state: BoxState, at time: Double) -> Outcome {
    var next = state
    next.saying.playAfterAnnouncement = false
    next.saying.resumeAfterSaying = false
    return next.scoping(\.menu, Menu.show(resumeReading: resumeReading, MenuContext(next, at: time)))
  }

  /// Leaves the menu with something said: reading goes on after it if it was going on when the menu
  /// opened, or the listener hears what to press.
  static func closeMenu(_ words: String, _ state: BoxState) -> Outcome {
    var next = state
    let resume = state.menu?.resumeReading ?? false
    next.menu = nil
    if resume, next.book.id != nil, !next.playback.book.isEmpty {
      next.saying.playAfterAnnouncement = true
      return Outcome(next, [Box.say(words, in: next)])
    }
    return Outcome(next, [Box.say(words + whatToPress(next.book, next.playback, next.words), in: next)])
  }

  /// The library's new list; what was learnt by opening a book (that it cannot be) stays with it while it
  /// is the same book. The menu keeps the listener's book selected.
  static func libraryChanged(_ entries: [LibraryBook], _ state: BoxState, at time: Double) -> Outcome {
    var next = state
    let problems = Dictionary(state.library.books.compactMap { book in book.problem.map { (book.id, $0) } }) { first, _ in first }
    next.library.take(
      entries.map { entry in
        var kept = entry
        if kept.problem == nil { kept.problem = problems[entry.id] }
        return kept
      }, open: state.book.id)
    return next.scoping(\.menu, Menu.libraryChanged(state.menu, heard: state.library.books, MenuContext(next, at: time)))
  }
}
