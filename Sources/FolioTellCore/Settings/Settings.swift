/// The listener's settings: the one shape they have in the reducer, the store's record and the trace.
/// The rate and voice live in playback and the display's choices in its view while the box runs (each
/// feature owns its part); `BoxState.savedSettings` gathers them, and the step's end saves them when they change.
public struct Settings: Equatable, Sendable, Codable {
  public var wpm: Int
  public var voice: String
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
  /// The language the listener chose for the box's own words on the menu's Language page (see
  /// `WordTable`); nil: never chosen, so the config's `boxLanguage` holds.
  public var boxLanguage: String?

  public init(
    wpm: Int = SpeechRate.normal, voice: String = "en", volume: Int = 100, pitch: Int = 50, earcons: Bool = true,
    bigWord: Bool = false, night: Bool = false, displayOff: Bool = false, textSize: TextSize = .normal,
    boxLanguage: String? = nil
  ) {
    self.wpm = wpm
    self.voice = voice
    self.volume = volume
    self.pitch = pitch
    self.earcons = earcons
    self.bigWord = bigWord
    self.night = night
    self.displayOff = displayOff
    self.textSize = textSize
    self.boxLanguage = boxLanguage
  }

  public static let volumeChoices = Array(stride(from: 10, through: 100, by: 10))
  public static let pitchChoices = Array(stride(from: 0, through: 90, by: 10)) + [99]

  /// The rate and voice alone: what a book keeps as its own.
  public var reading: PlaybackSettings { PlaybackSettings(wpm: wpm, voice: voice) }
}

extension BoxState {
  /// The settings as they are saved, gathered from the features that own them.
  public var savedSettings: Settings {
    get {
      Settings(
        wpm: playback.wpm, voice: playback.voice, volume: settings.volume, pitch: settings.pitch, earcons: settings.earcons,
        bigWord: display.mode == .bigWord, night: display.night, displayOff: display.isOff,
        textSize: display.textSize, boxLanguage: settings.boxLanguageChosen ? settings.boxLanguage : nil)
    }
    set {
      playback.wpm = SpeechRate.clamped(newValue.wpm, within: playback.wpmLimits)
      playback.voice = newValue.voice
      settings.volume = newValue.volume
      settings.pitch = newValue.pitch
      settings.earcons = newValue.earcons
      display.mode = newValue.bigWord ? .bigWord : .reading
      display.night = newValue.night
      display.isOff = newValue.displayOff
      display.textSize = newValue.textSize
      if let language = newValue.boxLanguage {
        settings.boxLanguage = language
        settings.boxLanguageChosen = true
      }
    }
  }
}
