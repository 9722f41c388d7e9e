/// The settings feature's state: the sound's settings and the voices to choose from. The rate and voice
/// are playback's and the display's choices its view's; `BoxState.savedSettings` gathers all of them into
/// the one `Settings` record the store and the step's end use.
public struct SettingsState: Equatable, Sendable, Codable {
  /// Percent of full volume, 10 to 100.
  public var volume = 100
  /// espeak-ng's pitch, 0 to 99 (50 is the voice's own).
  public var pitch = 50
  /// Short tones for what has no words (see `Earcon`).
  public var earcons = true
  /// The installed voices.
  public var voices: [VoiceChoice] = []
  /// A voice was given (`--voice`, the config's `voice`): the box does not pick one for a book's language.
  public var voiceIsFixed = false
  /// The language of the box's own words (prompts, menu, where am I): "en", "de", "fr", "es" or "ru".
  public var boxLanguage = "en"
  /// The listener chose it in the menu (it is kept, and wins over the config's).
  public var boxLanguageChosen = false

  public init() {}
}
