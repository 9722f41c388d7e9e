/// A short tone, synthesized by the speech engine and played through the same sound path. The engine
/// plays it before the speech that comes with it, and drops it rather than cut speech already sounding.
public enum Earcon: String, Equatable, Sendable, CaseIterable, Codable {
  /// A press was taken that says nothing (the display's big word, the status).
  case accepted
  /// The fastest or slowest rate: there is no further.
  case limit
  case endOfBook
  /// The knob moved the place into another chapter.
  case chapterCrossed
  /// Something could not be done.
  case error
}
