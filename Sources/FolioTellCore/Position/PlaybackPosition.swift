/// A place in a book: the offset of a word and the sentence it is in.
public struct ReadingPosition: Equatable, Hashable, Sendable {
  public var offset: Int
  public var sentence: Int

  public init(offset: Int, sentence: Int) {
    self.offset = offset
    self.sentence = sentence
  }
}

/// Why a position is being saved. Every reason but `whileSpeaking` is a moment the listener
/// may walk away, so the store must make it durable at once.
public enum SaveReason: String, Equatable, Sendable, CaseIterable {
  case paused, stopped, jumped, finished, bookChanged, whileSpeaking

  public var isDurable: Bool { self != .whileSpeaking }
}

/// A request to the position store.
public struct PositionSave: Equatable, Sendable {
  public var bookID: String
  public var position: ReadingPosition
  public var reason: SaveReason
  /// When the listener was there, on the funnel's clock.
  public var time: Double

  public init(bookID: String, position: ReadingPosition, reason: SaveReason, time: Double) {
    self.bookID = bookID
    self.position = position
    self.reason = reason
    self.time = time
  }
}

/// How often positions are saved while the book is being spoken.
public struct SavePolicy: Equatable, Sendable {
  /// No more than one save every this many seconds while speaking (N in the README).
  public var interval: Double
  /// Within this many seconds before a save is due, a sentence boundary is taken as the save point,
  /// so a restart lands at the start of a sentence.
  public var boundaryWindow: Double

  public init(interval: Double = 30, boundaryWindow: Double = 5) {
    self.interval = max(interval, 0)
    self.boundaryWindow = min(max(boundaryWindow, 0), self.interval)
  }

  /// When a save while speaking is due at the latest: a little before `interval`, because words arrive
  /// a fraction of a second apart, so that no more than `interval` seconds of listening are ever unsaved.
  public var deadline: Double { interval - min(1, interval / 10) }
}

/// What happened to the listener's place.
public enum PositionEvent: Equatable, Sendable {
  /// A book was opened, with the position the store had for it (nil: never read).
  case bookOpened(bookID: String, saved: ReadingPosition?, at: Double)
  case heard(ReadingPosition, at: Double)
  case paused(ReadingPosition, at: Double)
  case stopped(ReadingPosition, at: Double)
  case jumped(ReadingPosition, at: Double)
  case finished(ReadingPosition, at: Double)
  case clockTicked(at: Double)
}

/// Owns "where did the listener stop": decides when that must be saved. Knows nothing of files.
public struct PositionState: Equatable, Sendable {
  public var policy: SavePolicy
  public var bookID: String?
  /// The latest place the listener reached.
  public var current: ReadingPosition?
  /// What the store was last asked to keep for `bookID`.
  public var lastSaved: ReadingPosition?
  public var lastSaveTime: Double?

  public init(policy: SavePolicy = SavePolicy()) {
    self.policy = policy
  }

  /// Where reading resumes in the open book.
  public var restoredOffset: Int { current?.offset ?? 0 }

  var hasUnsavedChange: Bool { current != nil && current != lastSaved }
}

/// The position reducer.
public enum PlaybackPositionReducer {
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
      guard due, next.hasUnsavedChange else { return (next, nil) }
      return save(next, .whileSpeaking, time)
    case .clockTicked(let time):
      guard state.bookID != nil, state.hasUnsavedChange,
        time - (state.lastSaveTime ?? time) >= state.policy.deadline
      else { return (state, nil) }
      return save(state, .whileSpeaking, time)
    case .paused(let position, let time):
      return moveAndSave(state, to: position, .paused, time)
    case .stopped(let position, let time):
      return moveAndSave(state, to: position, .stopped, time)
    case .jumped(let position, let time):
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
    return (next, PositionSave(bookID: bookID, position: position, reason: reason, time: time))
  }
}
