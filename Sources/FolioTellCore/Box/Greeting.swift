/// What the box says when it starts, or when a book chosen in the menu has opened: the book, the chapter,
/// and what is missing; then reading goes on by itself unless the listener takes over.
enum Greeting {
  static func poweredOn(_ state: BoxState) -> Outcome {
    let problems = state.condition.missingParts.map { " " + $0 + "." }.joined()
    guard state.book.id != nil, !state.playback.book.isEmpty else {
      return Outcome(state, [Box.say(Box.noBookOpen + problems, in: state)])
    }
    guard state.playback.offset < state.playback.book.endOffset else {
      // Kept at its end: read again only when asked.
      let title = state.book.title.map { $0.hasSuffix(".") ? $0 + " " : $0 + ". " } ?? ""
      return Outcome(
        state, [Box.say(title + "You finished this book. Press PLAY to start over." + problems, in: state)])
    }
    var next = state
    // Reading goes on from where the book was opened (a little before the kept place: ResumePlace).
    next.saying.playAfterAnnouncement = true
    return Outcome(next, [Box.say(text(state), in: state)])
  }

  /// The book's title and the chapter the listener is in.
  static func text(_ state: BoxState) -> String {
    let chapter = state.book.chapters.last { $0.start <= state.playback.offset }?.title
    let parts = [state.book.title, chapter].compactMap { $0 }.map { $0.hasSuffix(".") ? $0 : $0 + "." }
    let place = state.playback.offset > 0 ? "" : " From the beginning."
    let problems = state.condition.missingParts.map { " " + $0 + "." }.joined()
    return (parts.isEmpty ? "Reading." : parts.joined(separator: " ")) + place + problems
  }
}
