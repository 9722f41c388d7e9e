/// The position reducer.
public enum PlaybackPositionReducer {
  /// A jump this soon after one that was saved belongs to the same burst: saved once the burst is over.
  public static let jumpBurstSeconds = 5.0

  public static func reduce(_ state: PositionState, _ event: PositionEvent) -> (PositionState, PositionSave?) {
    switch event {
    case .bookOpened(let bookID, let saved, let time):
      var next = PositionState(policy: state.policy)
      next.bookID = bookID
      next.current = saved
      next.lastSaved = saved
      next.lastSaveTime = time
      let closing = state.hasUnsavedChange ? save(state, .bookChanged, time) : nil
      return (next, closing?.1)
    case .heard(let position, let time):
      guard state.bookID != nil else { return (state, nil) }
      var next = state
      let crossedBoundary = state.current.map { $0.sentence != position.sentence } ?? true
      next.current = position
      let elapsed = time - (state.lastSaveTime ?? time)
      let due =
        elapsed >= state.policy.deadline
        || (crossedBoundary && elapsed >= state.policy.deadline - state.policy.boundaryWindow)
      // Reading goes on where a burst of jumps ended: that is where the listener chose to be.
      if state.unsavedJumpTime != nil, next.hasUnsavedChange { return save(next, .jumped, time) }
      guard due, next.hasUnsavedChange else { return (next, nil) }
      return save(next, .whileSpeaking, time)
    case .clockTicked(let time):
      guard state.bookID != nil, state.hasUnsavedChange else { return (state, nil) }
      if let jumped = state.unsavedJumpTime, time - jumped >= jumpBurstSeconds { return save(state, .jumped, time) }
      guard time - (state.lastSaveTime ?? time) >= state.policy.deadline else { return (state, nil) }
      return save(state, .whileSpeaking, time)
    case .paused(let position, let time):
      return moveAndSave(state, to: position, .paused, time)
    case .stopped(let position, let time):
      return moveAndSave(state, to: position, .stopped, time)
    case .jumped(let position, let time):
      guard state.bookID != nil else { return (state, nil) }
      if let saved = state.lastJumpSaveTime, time - saved < jumpBurstSeconds, time >= saved {
        var next = state
        next.current = position
        next.unsavedJumpTime = next.hasUnsavedChange ? time : nil
        return (next, nil)
      }
      return moveAndSave(state, to: position, .jumped, time)
    case .finished(let position, let time):
      return moveAndSave(state, to: position, .finished, time)
    }
  }

  private static func moveAndSave(
    _ state: PositionState, to position: ReadingPosition, _ reason: SaveReason, _ time: Double
  ) -> (PositionState, PositionSave?) {
    guard state.bookID != nil else { return (state, nil) }
    var next = state
    next.current = position
    guard next.hasUnsavedChange else { return (next, nil) }
    return save(next, reason, time)
  }

  private static func save(_ state: PositionState, _ reason: SaveReason, _ time: Double)
    -> (PositionState, PositionSave?)
  {
    guard let bookID = state.bookID, let position = state.current else { return (state, nil) }
    var next = state
    next.lastSaved = position
    next.lastSaveTime = time
    next.unsavedJumpTime = nil
    if reason == .jumped { next.lastJumpSaveTime = time }
    return (next, PositionSave(bookID: bookID, position: position, reason: reason, time: time))
  }
}
