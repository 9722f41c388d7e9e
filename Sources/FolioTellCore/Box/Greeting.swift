/// What the box says when it starts, or when a book chosen in the menu has opened: the book, the chapter,
/// and what is missing; then reading goes on by itself unless the listener takes over.
enum Greeting {
  static func poweredOn(_ state: BoxState) -> Outcome {
    let problems = missingParts(state)
    guard state.book.id != nil, !state.playback.book.isEmpty else {
      return Outcome(state, [Box.say(Box.noBookOpen(state) + problems, in: state)])
    }
    guard state.playback.offset < state.playback.book.endOffset else {
      // Kept at its end: read again only when asked.
      let title = state.book.title.map { bookText($0, state) + ($0.hasSuffix(".") ? " " : ". ") } ?? ""
      return Outcome(state, [Box.say(title + state.words(.finishedBook) + problems, in: state)])
    }
    var next = state
    // Reading goes on from where the book was opened (a little before the kept place: ResumePlace).
    next.saying.playAfterAnnouncement = true
    return Outcome(next, [Box.say(text(state), in: state)])
  }

  /// The book's title and the chapter the listener is in.
  static func text(_ state: BoxState) -> String {
    let chapter = state.book.chapters.last { $0.start <= state.playback.offset }?.title
    let parts = [state.book.title, chapter].compactMap { $0 }.map { bookText($0, state) + ($0.hasSuffix(".") ? "" : ".") }
    let place = state.playback.offset > 0 ? "" : " " + state.words(.fromTheBeginning)
    return (parts.isEmpty ? state.words(.reading) : parts.joined(separator: " ")) + place + missingParts(state)
  }

  /// The parts of the box that are missing, each a sentence.
  static func missingParts(_ state: BoxState) -> String {
    state.condition.missingParts.map { " " + state.words($0.phrase) + "." }.joined()
  }

  /// A book's own words (its title, a chapter's) said in its language.
  static func bookText(_ text: String, _ state: BoxState) -> String {
    state.words.text(of: .book(text, language: state.book.language))
  }
}
