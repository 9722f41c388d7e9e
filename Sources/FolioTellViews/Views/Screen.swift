/// What the display shows, decided from the box's state (`ScreenModel`) and drawn by `Views`.
public enum Screen: Equatable, Sendable {
  /// The sentence being read, the word being spoken inverse (`word` counts characters of `sentence`).
  /// `sizeStep` is added to the reading size (the text size chosen in the menu).
  case reading(sentence: String, word: Range<Int>?, sizeStep: Int = 0)
  /// Only the word being spoken, as large as fits.
  case bigWord(String)
  /// A list to choose from: the selected item large, with its position ("3 of 12").
  case menu(title: String, items: [String], selected: Int)
  case status(Status)
  /// A message or an error, said in words a person can act on.
  case message(title: String, text: String)
  /// Nothing lit (the display is off or asleep).
  case blank
}

public struct Status: Equatable, Sendable {
  public var title: String?
  /// How far into the book, 0 to 100.
  public var percent: Int
  public var wpm: Int
  /// "Reading", "Paused", "Stopped", "Finished".
  public var playback: String
  /// Minutes until the sleep timer stops reading; nil when none is set.
  public var sleepMinutes: Int?

  public init(title: String?, percent: Int, wpm: Int, playback: String, sleepMinutes: Int? = nil) {
    self.title = title
    self.percent = percent
    self.wpm = wpm
    self.playback = playback
    self.sleepMinutes = sleepMinutes
  }
}

/// Sizes of text, in pixels (12 to 48), from the config.
public struct TextSizes: Equatable, Sendable {
  /// The reading view's sentence.
  public var reading: Int
  /// The largest size the big word, a menu item or a message may take.
  public var largest: Int
  /// Titles, positions and figures around the large text.
  public var small: Int

  public static let range = 12...48

  public init(reading: Int = 16, largest: Int = 48, small: Int = 12) {
    self.reading = min(max(reading, Self.range.lowerBound), Self.range.upperBound)
    self.largest = min(max(largest, Self.range.lowerBound), Self.range.upperBound)
    self.small = min(max(small, Self.range.lowerBound), Self.range.upperBound)
  }
}
