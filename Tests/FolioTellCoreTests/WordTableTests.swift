import Testing

@testable import FolioTellCore

/// The box's own words: one table per language, each complete, each with the English table's placeholders.
@Suite struct WordTableTests {
  static func placeholders(_ template: String) -> [String] {
    var found: [String] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      found.append(String(rest[open...close]))
      rest = rest[rest.index(after: close)...]
    }
    return found.sorted()
  }

  @Test(arguments: WordTable.all.map(\.language))
  func everyPromptHasATemplateWithTheSamePlaceholders(language: String) {
    let table = WordTable.of(language)
    #expect(table.language == language)
    for key in PhraseKey.allCases {
      guard let template = table.phrases[key] else {
        Issue.record("the \(table.name) table has no words for \(key)")
        continue
      }
      #expect(!template.isEmpty, "\(language) \(key)")
      #expect(
        Self.placeholders(template) == Self.placeholders(WordTable.english.phrases[key]!),
        "\(language) \(key): \(template)")
    }
    for noun in CountedNoun.allCases {
      #expect(table.nouns[noun] != nil, "the \(table.name) table has no forms of \(noun)")
    }
  }

  @Test(arguments: WordTable.all.map(\.language).filter { $0 != "en" })
  func aTranslatedTableIsNotTheEnglishOneCopied(language: String) {
    let table = WordTable.of(language)
    let same = PhraseKey.allCases.filter { table.phrases[$0] == WordTable.english.phrases[$0] }
    // A few are the same words ("{1}.", French "Menu", "Volume", "Page {1}"); a copied table is not.
    #expect(same.count * 10 <= PhraseKey.allCases.count, "\(language) keeps English for \(same)")
  }

  @Test func countedWordsTakeTheFormTheNumberAsksFor() {
    let russian = BoxWords(language: "ru")
    #expect(russian.count(1, .minute) == "1 минута")
    #expect(russian.count(3, .minute) == "3 минуты")
    #expect(russian.count(5, .minute) == "5 минут")
    #expect(russian.count(21, .minute) == "21 минута")
    #expect(russian.count(12, .percent) == "12 процентов")
    #expect(russian.text(of: .tenths(15, .gigabyte)) == "1,5 гигабайта")
    let english = BoxWords(language: "en")
    #expect(english.count(1, .minute) == "1 minute")
    #expect(english.count(2, .hour) == "2 hours")
    #expect(english.text(of: .tenths(15, .gigabyte)) == "1.5 gigabytes")
    #expect(english.text(of: .tenths(20, .gigabyte)) == "2 gigabytes")
    #expect(BoxWords(language: "fr").count(0, .minute) == "0 minute")
    #expect(BoxWords(language: "de").count(175, .wordsPerMinute) == "175 Wörter pro Minute")
    #expect(english.duration(minutes: 125) == "2 hours 5 minutes")
    #expect(english.duration(minutes: 0) == "less than a minute")
  }

  @Test func aLanguageTheBoxDoesNotSpeakFallsBackToEnglish() {
    #expect(BoxWords(language: "vi").language == "en")
    #expect(BoxWords(language: "de-AT").language == "de")
    #expect(!WordTable.speaks("vi"))
    #expect(WordTable.speaks("pt") == false && WordTable.speaks("ru-RU"))
  }

  @Test func aBooksWordsInsideTheBoxsAreMarkedWithTheirLanguage() {
    let german = BoxWords(language: "de")
    let said = german(.opening, .book("Emma", language: "en-GB"))
    #expect(SpokenLanguages.plain(said) == "Emma wird geöffnet.")
    let (text, passages) = SpokenLanguages.passages(of: said, boxLanguage: "de")
    #expect(text == "Emma wird geöffnet.")
    #expect(passages == [LanguagePassage(start: 0, language: "en-GB"), LanguagePassage(start: 4, language: "de")])
    // Same language: no marks; an English box with nothing marked has no passages (all in the voice).
    #expect(german(.opening, .book("Effi Briest", language: "de")) == german(.opening, .words("Effi Briest")))
    #expect(
      SpokenLanguages.passages(of: "Menu. Books. 1 of 12.", boxLanguage: "en").passages == [
        LanguagePassage(start: 0, language: "en")
      ])
    #expect(
      SpokenLanguages.passages(of: "Menü.", boxLanguage: "de").passages == [LanguagePassage(start: 0, language: "de")])
  }

  @Test func aTitleThatIsTheWholeTextIsOnePassage() {
    let marked = BoxWords(language: "en").text(of: .book("Война и мир", language: "ru"))
    let (text, passages) = SpokenLanguages.passages(of: marked, boxLanguage: "en")
    #expect(text == "Война и мир")
    #expect(passages == [LanguagePassage(start: 0, language: "ru")])
  }
}
