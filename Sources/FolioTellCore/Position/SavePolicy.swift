/// How often positions are saved while the book is being spoken.
public struct SavePolicy: Equatable, Sendable, Codable {
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
