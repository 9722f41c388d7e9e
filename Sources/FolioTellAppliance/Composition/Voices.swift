import FolioTellCore
import FolioTellSpeech

/// Which espeak-ng voice reads a book in a given language.
public enum Voices {
  /// The installed voice for a language code (`de`, `pt-BR`), or `en` when there is none.
  public static func voice(forLanguage language: String?) -> String {
    guard let language else { return "en" }
    return BookVoice.code(for: language, among: choices()) ?? "en"
  }

  /// Why a voice the listener named cannot be used, or nil when it is installed.
  public static func problem(withVoice voice: String) -> String? {
    guard let espeak = try? Espeak.shared() else { return nil }
    guard !espeak.isInstalled(voice: voice) else { return nil }
    let some = choices().prefix(8).map(\.id).joined(separator: ", ")
    return "'\(voice)' is not an installed espeak-ng voice; name one `foliotell voices` lists (\(some), ...)"
  }

  /// The installed voices, by language, as the Voice page offers them (MBROLA voices need a program the
  /// box does not have, so they are left out).
  public static func choices() -> [VoiceChoice] {
    guard let voices = try? Espeak.shared().voices() else { return [] }
    return voices.filter { !$0.identifier.hasPrefix("mb/") && !$0.languages.isEmpty }.map {
      VoiceChoice(id: $0.languages[0], name: $0.name, language: $0.languages[0], languages: $0.languages)
    }
  }
}
