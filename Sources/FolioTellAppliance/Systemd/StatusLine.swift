import FolioTellCore

/// What `systemctl status` shows, and the journal's lines about the box: one fact each, plain text.
public enum StatusLine {
  /// "Reading Emma, 34%", "Paused: Emma, 34%", "In the menu", "No book open".
  public static func status(of state: BoxState) -> String {
    if let installing = state.updates.installing {
      return "Installing the update to version \(installing.version): \(state.updates.saidPercent)%"
    }
    if state.updates.restartWhenSaid { return "Restarting to finish the update" }
    if let offer = state.updates.offer { return "Offering the update to version \(offer.version)" }
    if state.menu != nil { return "In the menu" }
    guard state.book.id != nil, !state.playback.book.isEmpty else { return "No book open" }
    let title = state.book.title ?? "the book"
    let percent = min(100, state.playback.offset * 100 / max(state.playback.book.endOffset, 1))
    switch state.playback.phase {
    case .speaking: return "Reading \(title), \(percent)%"
    case .pausing, .paused: return "Paused: \(title), \(percent)%"
    case .idle: return "Stopped: \(title), \(percent)%"
    case .finished: return "Finished \(title)"
    }
  }

  /// A journal line for a step worth knowing about, or nil.
  public static func log(before: BoxState, after: BoxState, event: BoxEvent) -> String? {
    if case .bookOpened = event, let id = after.book.id {
      let place = after.playback.offset > 0 ? "at sentence \(after.playback.sentenceIndex + 1)" : "from the start"
      let count = after.playback.book.count
      return "opened \"\(after.book.title ?? id)\" (\(count) \(count == 1 ? "sentence" : "sentences")) \(place)"
    }
    if after.condition.storeProblem != before.condition.storeProblem {
      return after.condition.storeProblem.map { "cannot keep the place: \($0); reading goes on" } ?? "the place is kept again"
    }
    if let failure = after.playback.failure, failure != before.playback.failure { return "speech stopped: \(failure)" }
    if case .bookFailedToOpen(let title, let reason) = event { return "cannot open \"\(title)\": \(reason)" }
    if after.updates.installing != nil, before.updates.installing == nil, let installing = after.updates.installing {
      return "the listener chose to install the update to version \(installing.version) (\(installing.path))"
    }
    if before.updates.offer != nil, after.updates.offer == nil, after.updates.installing == nil, case .control = event {
      return "the update was declined"
    }
    if case .libraryChanged(let books) = event, books.count != before.library.books.count {
      return "the library has \(books.count) book\(books.count == 1 ? "" : "s")"
    }
    if before.playback.phase != .finished, after.playback.phase == .finished { return "reached the end of the book" }
    return nil
  }
}
