import CLanguageDetection

/// Tells the language of a book that declares none, from a sample of its text, with CLD2 (Debian's
/// libcld2). CLD2 was chosen over libexttextcat by measuring both on the same short texts in eleven
/// European languages (LanguageDetectorTests has them): CLD2 named 65 of 66 right, textcat 46 with one
/// clear answer (60 with its first guess) and, unlike CLD2, says nothing of how sure it is.
public enum LanguageDetector {
  public enum Result: Equatable, Sendable {
    /// CLD2 judged the answer reliable, or scored most of the sample in it; `confidence` is the share of the
    /// sample in that language (0 to 100).
    case detected(language: String, confidence: Int)
    /// Too few letters to tell: a one-line book, a title page.
    case tooShort
    /// Enough text, but no one language clearly (a mixture, a list of names, numbers).
    case ambiguous
  }

  /// How much of a book is looked at: its first 12 KB of text (a few pages) after a Project Gutenberg header
  /// (the plain-text reader leaves that out before), enough for a sure answer and little time (under a
  /// millisecond).
  public static let sampleBytes = 12_288

  /// An answer CLD2 calls unreliable is taken when at least this share of the sample (percent) is in it.
  static let acceptedShare: Int32 = 60

  /// Below this many bytes of letters an unsure answer is put down to too little text rather than ambiguity.
  static let shortText = 200

  /// The language of `text`, from its first `sampleBytes` bytes.
  public static func detect(in text: String) -> Result {
    var sample = Array(text.utf8.prefix(sampleBytes))
    // Cut at the start of a character, never inside one (CLD2 wants valid UTF-8).
    if sample.count == sampleBytes {
      while let last = sample.last, last & 0xC0 == 0x80 { sample.removeLast() }
      if !sample.isEmpty { sample.removeLast() }
    }
    var percent: Int32 = 0
    var reliable: Int32 = 0
    var scored: Int32 = 0
    let code = sample.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        String(cString: folio_language_detect($0.baseAddress, Int32($0.count), &percent, &reliable, &scored))
      }
    }
    // CLD2 calls some clean paragraphs unreliable (a Dutch one of the table, 68% Dutch and the rest unscored):
    // most of the sample in one language is answer enough. A mixture (at most 40% in any one) or Lorem ipsum
    // (48% "Norwegian") stays below.
    guard code != "un", reliable == 1 || percent >= acceptedShare else {
      return scored < shortText ? .tooShort : .ambiguous
    }
    return .detected(language: Self.code(code), confidence: Int(percent))
  }

  /// CLD2's codes as the voices and ICU know them: CLD2 keeps the old code of Hebrew, and says "no" for
  /// Norwegian (Bokmål).
  static func code(_ cld2: String) -> String {
    switch cld2 {
    case "iw": return "he"
    case "no": return "nb"
    default: return cld2
    }
  }
}

/// Where a book's language came from.
public enum LanguageSource: Equatable, Sendable, CustomStringConvertible {
  /// The book said (EPUB `dc:language`, HTML `lang`, a Project Gutenberg "Language:" line), or the reader
  /// chose it (`--language`, the configuration's `language`).
  case declared
  /// Told from the book's text; `confidence` is the share of the sample in that language (0 to 100).
  case detected(confidence: Int)
  /// Neither: the book is read with `BookLanguage.fallback`, for this reason.
  case `default`(reason: String)

  public var description: String {
    switch self {
    case .declared: return "declared"
    case .detected(let confidence): return "detected, \(confidence)% confidence"
    case .default(let reason): return "default: \(reason)"
    }
  }
}

/// A book's language: the declared one always wins; otherwise the one detected in its text; otherwise none
/// (and the book is read with the English rules and the listener's voice).
public enum BookLanguage {
  /// The language of sentence rules when none is known.
  public static let fallback = "en"

  /// The language and where it came from, for a book that declares `declared` (nil when it says nothing)
  /// and whose reading text is `text`. Detection runs only when nothing is declared ("und", BCP 47's
  /// "undetermined", declares nothing).
  public static func resolve(declared: String?, text: String) -> (language: String?, source: LanguageSource) {
    if let declared, !declared.isEmpty, declared.lowercased() != "und" { return (declared, .declared) }
    switch LanguageDetector.detect(in: text) {
    case .detected(let language, let confidence): return (language, .detected(confidence: confidence))
    case .tooShort: return (nil, .default(reason: "too little text to tell its language"))
    case .ambiguous: return (nil, .default(reason: "no language could be detected"))
    }
  }
}
