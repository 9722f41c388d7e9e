/// The sleep timer: reading time left, counted on the reducer's clock ticks while the book is read, or the
/// end of the chapter. The sound fades out over the last `fadeSeconds`; then reading stops, the place goes
/// back to the sentence the listener was in when they last touched a control (they were awake then), and
/// the display goes dark. Any control during the fade brings the volume back and starts the timer again.
public struct SleepTimer: Equatable, Sendable, Codable {
  public static let fadeSeconds = 30.0

  /// Reading time left (for the end of the chapter, estimated from the words left at the current speed).
  public var remaining: Double
  public var lastTick: Double
  /// The minutes chosen; nil: the end of the chapter.
  public var minutes: Int?
  /// Where the chapter being read ends, for the end-of-chapter timer.
  public var chapterEnd: Int?
  public var isFading = false
  /// The start of the sentence the listener was in when they last touched a control.
  public var placeAtLastControl: Int?
  /// When that was: the timer's end says how long ago it goes back to.
  public var lastControlTime: Double?

  public init(remaining: Double, lastTick: Double, minutes: Int? = nil, chapterEnd: Int? = nil) {
    self.remaining = remaining
    self.lastTick = lastTick
    self.minutes = minutes ?? (chapterEnd == nil ? Int((remaining / 60).rounded(.up)) : nil)
    self.chapterEnd = chapterEnd
  }

  /// Whole minutes left, at least 1.
  public var minutesLeft: Int { max(1, Int((remaining / 60).rounded(.up))) }

  /// "12 minutes left", "stops at the end of the chapter".
  public func spokenLeft(_ words: BoxWords) -> String {
    chapterEnd != nil ? words(.stopsAtChapterEnd) : words(.timeLeft, .count(minutesLeft, .minute))
  }
}
