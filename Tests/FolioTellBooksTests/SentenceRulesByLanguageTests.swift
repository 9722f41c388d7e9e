import FolioTellCore
import Testing

@testable import FolioTellBooks

/// Sentences end where a reader hears them end, in each language: words that end like an abbreviation
/// ("sehr.", "mar.") end sentences; abbreviations (from each language's table) do not.
@Suite struct SentenceRulesByLanguageTests {
  func split(_ text: String, _ language: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    return SentenceSegmenter.sentences(in: text, language: language).map {
      String(String.UnicodeScalarView(scalars[$0.start..<$0.end]))
    }
  }

  @Test func germanWordsEndingInRAreSentenceEnds() {
    #expect(
      split("Das gefällt mir sehr. Es war ein gutes Jahr. Wir kamen zu spät.", "de") == [
        "Das gefällt mir sehr.", "Es war ein gutes Jahr.", "Wir kamen zu spät.",
      ])
    #expect(
      split("Er ist hier. Es ist zwei Uhr. Der Vater. Das Wasser. Dann ging er.", "de") == [
        "Er ist hier.", "Es ist zwei Uhr.", "Der Vater.", "Das Wasser.", "Dann ging er.",
      ])
  }

  @Test func germanAbbreviationsStillHoldTheirSentence() {
    #expect(
      split("Dr. Müller kam z. B. gestern um ca. 5 Uhr. Er brachte Äpfel, Birnen usw. Dann ging er.", "de") == [
        "Dr. Müller kam z. B. gestern um ca. 5 Uhr.", "Er brachte Äpfel, Birnen usw.", "Dann ging er.",
      ])
    #expect(split("Z. B. so. Oder d.h. anders.", "de") == ["Z. B. so.", "Oder d.h. anders."])
  }

  @Test func spanishWordsThatLookLikeMonthsEndSentences() {
    #expect(split("Vio el mar. Hacía frío.", "es") == ["Vio el mar.", "Hacía frío."])
    #expect(split("El Sr. García vino, p. ej. ayer. Se fue.", "es") == ["El Sr. García vino, p. ej. ayer.", "Se fue."])
  }

  @Test func aRussianYearEndsASentenceButACityDoesNot() {
    #expect(
      split("Он приехал в 2021 г. Проф. Иванов пришёл.", "ru") == ["Он приехал в 2021 г.", "Проф. Иванов пришёл."])
    #expect(split("Он жил в г. Москва. Потом уехал.", "ru") == ["Он жил в г. Москва.", "Потом уехал."])
    #expect(split("Это дорого, т. е. 5 руб. Всё.", "ru") == ["Это дорого, т. е. 5 руб.", "Всё."])
  }

  @Test func frenchTitlesHoldButSentencesEnd() {
    #expect(split("M. Dupont vit ici. Il part.", "fr") == ["M. Dupont vit ici.", "Il part."])
  }

  @Test func everyTableMatchesItsOwnAbbreviations() {
    // Each abbreviation of each language is found at its own dot, written as in the table.
    for code in ["en", "de", "fr", "es", "ru"] {
      let forms = LanguageForms.of(code)
      for abbreviation in forms.abbreviations {
        let text = Array(("x " + abbreviation.written + ".").unicodeScalars)
        let found = forms.abbreviation(endingAt: text.count - 1, in: text)
        #expect(found?.abbreviation.written == abbreviation.written, "\(code): \(abbreviation.written)")
      }
    }
  }
}
