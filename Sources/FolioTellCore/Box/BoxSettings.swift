/// The listener's settings besides the rate and voice: kept by the store and restored at power on.
public struct BoxSettings: Equatable, Sendable {
  /// Percent of full volume, 10 to 100.
  public var volume: Int
  /// espeak-ng's pitch, 0 to 99 (50 is the voice's own).
  public var pitch: Int
  /// Short tones for what has no words (see `Earcon`).
  public var earcons: Bool
  public var bigWord: Bool
  public var night: Bool
  public var displayOff: Bool
  public var textSize: TextSize

  public init(
    volume: Int = 100, pitch: Int = 50, earcons: Bool = true, bigWord: Bool = false, night: Bool = false,
    displayOff: Bool = false, textSize: TextSize = .normal
  ) {
    self.textSize = textSize
    self.volume = volume
    self.pitch = pitch
    self.earcons = earcons
    self.bigWord = bigWord
    self.night = night
    self.displayOff = displayOff
  }

  public static let volumeChoices = Array(stride(from: 10, through: 100, by: 10))
  public static let pitchChoices = Array(stride(from: 0, through: 90, by: 10)) + [99]
}

/// A short tone, synthesized by the speech engine and played through the same sound path. The engine
/// plays it before the speech that comes with it, and drops it rather than cut speech already sounding.
public enum Earcon: String, Equatable, Sendable, CaseIterable {
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

/// The reading view's text size: a step from the config's reading size (`display.readingSize`).
public enum TextSize: String, Equatable, Sendable, CaseIterable {
  case small, normal, large, larger

  /// Points added to the reading size.
  public var step: Int {
    switch self {
    case .small: return -4
    case .normal: return 0
    case .large: return 4
    case .larger: return 8
    }
  }

  /// The next size, round again after the largest.
  public var next: TextSize {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}

/// What a detent of the knob moves the place by.
public enum KnobUnit: String, Equatable, Sendable, CaseIterable {
  case sentence, paragraph, chapter
}

/// An installed voice the listener can choose: what the engine takes, its name, and its language.
public struct VoiceChoice: Equatable, Sendable {
  public var id: String
  public var name: String
  public var language: String

  public init(id: String, name: String, language: String) {
    self.id = id
    self.name = name
    self.language = language
  }
}

extension BoxState {
  /// The settings as they are now, to keep.
  public var boxSettings: BoxSettings {
    BoxSettings(
      volume: volume, pitch: pitch, earcons: earcons, bigWord: display.mode == .bigWord, night: display.night,
      displayOff: display.isOff, textSize: display.textSize)
  }

  /// Puts kept settings into a state (at power on).
  public mutating func apply(_ settings: BoxSettings) {
    volume = settings.volume
    pitch = settings.pitch
    earcons = settings.earcons
    display.mode = settings.bigWord ? .bigWord : .reading
    display.night = settings.night
    display.isOff = settings.displayOff
    display.textSize = settings.textSize
  }
}

/// What the About page says: the box's version and the free space where books and places are kept.
public struct SystemFacts: Equatable, Sendable {
  public var version: String
  /// Bytes free on the data partition; nil when it cannot be told.
  public var freeBytes: Int64?

  public init(version: String, freeBytes: Int64?) {
    self.version = version
    self.freeBytes = freeBytes
  }

  /// "1.2 gigabytes", "350 megabytes".
  public var spokenFreeSpace: String {
    guard let freeBytes else { return "unknown" }
    let megabytes = Double(freeBytes) / 1_000_000
    if megabytes >= 1000 {
      let tenths = Int((megabytes / 100).rounded())
      return "\(tenths / 10).\(tenths % 10) gigabytes"
    }
    return "\(Int(megabytes.rounded())) megabytes"
  }
}
