import FolioTellCore
import FolioTellSpeech

/// Which espeak-ng voice reads a book in a given language.
public enum Voices {
  /// The installed voice for a language code (`de`, `pt-BR`), or `en` when there is none.
  public static func voice(forLanguage language: String?) -> String {
    guard let language, let voices = try? Espeak.shared().voices() else { return "en" }
    let code = language.lowercased().replacing("_", with: "-")
    if voices.contains(where: { $0.languages.contains(code) }) { return code }
    // "de-DE" is read by the "de" voice.
    let base = String(code.prefix { $0 != "-" })
    return voices.contains { $0.languages.contains(base) } ? base : "en"
  }

  /// The installed voices, by language, as the Voice page offers them (MBROLA voices need a program the
  /// box does not have, so they are left out).
  public static func choices() -> [VoiceChoice] {
    guard let voices = try? Espeak.shared().voices() else { return [] }
    return voices.filter { !$0.identifier.hasPrefix("mb/") && !$0.languages.isEmpty }.map {
      VoiceChoice(id: $0.languages[0], name: $0.name, language: $0.languages[0])
    }
  }

  /// The voice for a book's language: the current voice when it already is one of that language (en-us
  /// for an English book), else the language's own; nil when the language is unknown or has no voice.
  public static func voice(forBookLanguage language: String?, current: String?) -> String? {
    guard let language else { return nil }
    let voice = voice(forLanguage: language)
    if voice == "en" && !language.lowercased().hasPrefix("en") { return nil }
    if let current, current.lowercased().hasPrefix(voice.lowercased()) { return current }
    return voice
  }
}
