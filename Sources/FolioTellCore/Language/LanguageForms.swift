/// How a language writes what a voice cannot read as written: its abbreviations (and whether a sentence
/// ends after them), its units after a number, and its dates. One table per language, as data
/// (`LanguageForms+English.swift` and the others); the sentence splitter and the speech normalizer both
/// read it.
public struct LanguageForms: Sendable {
  public struct Abbreviation: Sendable {
    /// As written, without its last dot: "Dr", "z. B", "т. е". A form with the first letter in upper
    /// case (at a sentence's start) and one without the spaces ("z.B") are matched too.
    public var written: String
    /// How it is said; nil when the voices already say it well.
    public var spoken: String?
    /// Said after a number, where that differs ("2021 г." is a year, "г. Москва" a city).
    public var spokenAfterNumber: String?
    /// Said after this preposition and a number, where the case changes ("в 2021 г." is "в 2021 году").
    public var spokenAfterPreposition: (preposition: String, spoken: String)?
    public var sentence: SentenceRule
    /// Whether it also ends a longer word: German "Hauptstr." is "Hauptstraße".
    public var endsCompounds: Bool
    /// `written` as scalars, for matching.
    let pattern: [Unicode.Scalar]

    public init(
      _ written: String, _ spoken: String? = nil, afterNumber: String? = nil,
      afterPreposition: (String, String)? = nil, sentence: SentenceRule = .goesOn, endsCompounds: Bool = false
    ) {
      self.endsCompounds = endsCompounds
      self.written = written
      self.spoken = spoken
      self.spokenAfterNumber = afterNumber
      self.spokenAfterPreposition = afterPreposition
      self.sentence = sentence
      self.pattern = Array(written.unicodeScalars)
    }
  }

  /// Whether a sentence can end at an abbreviation's dot.
  public enum SentenceRule: Sendable {
    /// Never: a title before a name ("Dr. Müller"), "z. B." in the middle of a thought.
    case goesOn
    /// Where the next word starts with a capital ("... Äpfel, Birnen usw. Dann ging er.").
    case mayEnd
    /// Like `mayEnd` after a number ("в 2021 г. Проф. Иванов"), like `goesOn` otherwise ("г. Москва").
    case mayEndAfterNumber
  }

  /// A unit after a number: "5 km", "20 °C", "3 руб.".
  public struct Unit: Sendable {
    public var symbol: String
    public var word: CountedWord
    public init(_ symbol: String, _ word: CountedWord) {
      self.symbol = symbol
      self.word = word
    }
  }

  public enum DateOrder: Sendable {
    /// 12/25/1990 (or 25/12/1990 for a British voice; whichever reading is a date).
    case english
    /// 21.03.2022, 21/03/2022.
    case dayMonthYear(separators: Set<Character>)
  }

  public var code: String
  public var abbreviations: [Abbreviation]
  public var units: [Unit]
  /// January to December, in the form a date uses ("März", "марта").
  public var months: [String]
  public var dateOrder: DateOrder
  /// The spoken date, from the day, the month's name and the year as digits.
  public var date: @Sendable (_ day: Int, _ month: String, _ year: String) -> String

  /// The forms of a language code such as "de", "de-AT", "en-gb-x-rp"; English for one the box has no
  /// table for.
  public static func of(_ language: String) -> LanguageForms {
    switch base(of: language) {
    case "de": german
    case "fr": french
    case "es": spanish
    case "ru": russian
    default: english
    }
  }

  /// Whether the box has a table of its own for this language (and not English's in its place).
  public static func has(_ language: String) -> Bool { ["en", "de", "fr", "es", "ru"].contains(base(of: language)) }

  /// "de" of "de-AT", "en" of "en-gb-x-rp".
  public static func base(of language: String) -> String {
    String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
  }
}
