/// What must hold after every step of the root reducer, whatever the listener pressed and however late
/// the engine's callbacks came. The soak test checks them after each event of a night; a broken one is a
/// defect in a reducer, named with the event that broke it.
public enum BoxInvariants {
  /// The invariants `after` breaks, having handled `event` from `before`; empty when all hold.
  public static func problems(before: BoxState, event: BoxEvent, after: BoxState) -> [String] {
    var problems: [String] = []
    let playback = after.playback
    let book = playback.book
    if let live = playback.phase.liveUtterance, live.token != playback.utteranceToken {
      problems.append("the live utterance \(live.token) is not the newest (\(playback.utteranceToken))")
    }
    if playback.utteranceToken < before.playback.utteranceToken {
      problems.append("the utterance token went back from \(before.playback.utteranceToken) to \(playback.utteranceToken)")
    }
    if case .playback(let callback) = event, let token = callback.engineToken {
      if token != before.playback.phase.liveUtterance?.token, after.playback != before.playback {
        problems.append("a late callback for utterance \(token) changed playback")
      }
      // The one callback that may take the place back: the word that ends a sleep timer, which goes back
      // to where the listener last pressed (they were falling asleep).
      let sleepTimerEnded = before.sleepTimer != nil && after.sleepTimer == nil
      if before.book.id == after.book.id, playback.offset < before.playback.offset, !sleepTimerEnded {
        problems.append("an engine callback moved the place back from \(before.playback.offset) to \(playback.offset)")
      }
    }
    if playback.offset < 0 || playback.offset > book.endOffset {
      problems.append("the place \(playback.offset) is outside the book (0...\(book.endOffset))")
    }
    if playback.phase == .finished, playback.offset != book.endOffset {
      problems.append("finished at \(playback.offset), before the book's end \(book.endOffset)")
    }
    if playback.word != nil, playback.phase.liveUtterance == nil {
      problems.append("a word is shown with no utterance live")
    }
    if let kept = after.position.current, after.position.bookID == after.book.id, kept.offset > book.endOffset {
      problems.append("the kept place \(kept.offset) is past the book's end \(book.endOffset)")
    }
    if let menu = after.menu {
      let count = Menu.items(of: menu.page, in: after).count
      if count > 0, !(0..<count).contains(menu.selected) {
        problems.append("the menu's \(menu.page) page selects item \(menu.selected) of \(count)")
      }
    }
    if Set(after.armedTimers).count != after.armedTimers.count {
      problems.append("a timer is armed twice: \(after.armedTimers)")
    }
    if let sleep = after.sleepTimer, sleep.remaining < 0 {
      problems.append("the sleep timer has \(sleep.remaining) s left")
    }
    return problems
  }
}
