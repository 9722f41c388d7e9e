/// Which voice reads a book in a given language. The box decides it in the reducer, from two facts the
/// adapters report: the book's language (declared or detected, with `bookOpened`) and the installed
/// voices (`voicesFound`). `foliotell info` and `read` ask the same rule.
public enum BookVoice {
  /// The language code of an installed voice for `language` (`de`, `pt-br`; `de-DE` is read by `de`), or
  /// nil when no installed voice speaks it.
  public static func code(for language: String, among voices: [VoiceChoice]) -> String? {
    let code = String(language.lowercased().map { $0 == "_" ? "-" : $0 })
    if voices.contains(where: { $0.languages.contains(code) }) { return code }
    let base = String(code.prefix { $0 != "-" })
    return voices.contains { $0.languages.contains(base) } ? base : nil
  }

  /// The voice for a book: the current one when it already speaks the book's language (`en-us` for an
  /// English book), else the language's own; nil (keep the current voice) when the language is unknown
  /// or no installed voice speaks it.
  public static func voice(forBookLanguage language: String?, current: String, among voices: [VoiceChoice])
    -> String?
  {
    guard let language, let voice = code(for: language, among: voices) else { return nil }
    if current.lowercased().hasPrefix(voice) { return current }
    return voice
  }
}
