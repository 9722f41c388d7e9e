/// Why a position is being saved. Every reason but `whileSpeaking` is a moment the listener
/// may walk away, so the store must make it durable at once.
public enum SaveReason: String, Equatable, Sendable, CaseIterable, Codable {
  case paused, stopped, jumped, finished, bookChanged, whileSpeaking

  public var isDurable: Bool { self != .whileSpeaking }
}
