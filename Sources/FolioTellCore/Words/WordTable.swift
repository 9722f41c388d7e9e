/// The box's own words in one language: a template for every `PhraseKey` and the forms of the words it
/// counts, chosen by the language's plural rule.
public struct WordTable: Sendable {
  public var language: String
  /// The language's name in itself ("Deutsch"), for the Language page.
  public var name: String
  public var phrases: [PhraseKey: String]
  public var nouns: [CountedNoun: CountedWord]
  public var decimalMark: Character

  public init(
    language: String, name: String, decimalMark: Character, phrases: [PhraseKey: String],
    nouns: [CountedNoun: CountedWord]
  ) {
    self.language = language
    self.name = name
    self.decimalMark = decimalMark
    self.phrases = phrases
    self.nouns = nouns
  }

  /// The languages the box speaks, English first.
  public static let all: [WordTable] = [.english, .german, .french, .spanish, .russian]

  /// The table of `language` ("de", "de-AT", "pt-br"): its base language's, else English.
  public static func of(_ language: String) -> WordTable {
    let base = LanguageForms.base(of: language)
    return all.first { $0.language == base } ?? .english
  }

  /// Whether the box has its own words in `language`.
  public static func speaks(_ language: String) -> Bool {
    all.contains { $0.language == LanguageForms.base(of: language) }
  }
}
