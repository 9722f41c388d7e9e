import FolioTellCore
import Testing

@testable import FolioTellSpeech

/// What each language's voice is given for abbreviations, units and dates it would read letter by letter.
@Suite struct SpokenFormsByLanguageTests {
  func spoken(_ text: String, _ language: String) -> String {
    let result = Normalizer(language: language).spokenText(for: Array(text.unicodeScalars))
    return result.string(0..<result.scalars.count)
  }

  @Test func germanAbbreviationsDatesAndUnits() {
    #expect(spoken("Dr. Müller kam z. B. um ca. 5 Uhr.", "de") == "Doktor Müller kam zum Beispiel um circa 5 Uhr.")
    #expect(spoken("Äpfel, Birnen usw.", "de") == "Äpfel, Birnen und so weiter.")
    #expect(spoken("Z. B. am 21.03.2022 in der Hauptstr. 5.", "de") == "Zum Beispiel am 21. März 2022 in der Hauptstraße 5.")
    #expect(spoken("Es wiegt 5 kg und ist 3,5 km weit, 1 l.", "de") == "Es wiegt 5 Kilogramm und ist 3,5 Kilometer weit, 1 Liter.")
  }

  @Test func russianAbbreviationsYearsAndUnitsWithTheirPlurals() {
    #expect(spoken("в 2021 г. Проф. Иванов пришёл", "ru") == "в 2021 году Профессор Иванов пришёл")
    #expect(spoken("Это 2021 г.", "ru") == "Это 2021 года.")
    #expect(spoken("Это стоит 5 руб., т. е. дорого.", "ru") == "Это стоит 5 рублей, то есть дорого.")
    #expect(spoken("1 км, 2 км, 5 км, 11 км, 21 км, 1,5 км", "ru")
      == "1 километр, 2 километра, 5 километров, 11 километров, 21 километр, 1,5 километра")
    #expect(spoken("Дата: 21.03.2022.", "ru") == "Дата: 21 марта 2022 года.")
    #expect(spoken("Он жил в г. Москва", "ru") == "Он жил в город Москва")
  }

  @Test func englishDatesTakeTheReadingThatIsADate() {
    #expect(spoken("Born 12/25/1990.", "en-us") == "Born December 25th, 1990.")
    // A British voice reads the day first, but 25 cannot be a month.
    #expect(spoken("Born 12/25/1990.", "en-gb") == "Born the 25th of December 1990.")
    #expect(spoken("Born 12/25/1990.", "en") == "Born December 25th, 1990.")
    #expect(spoken("It is 5 km, or 20 °C.", "en") == "It is 5 kilometers, or 20 degrees Celsius.")
    #expect(spoken("1 kg", "en") == "1 kilogram")
  }

  @Test func frenchAndSpanish() {
    #expect(spoken("M. Dupont, p. ex. le 1/5/2020, 3 km.", "fr") == "Monsieur Dupont, par exemple le 1er mai 2020, 3 kilomètres.")
    #expect(spoken("La Sra. López llegó el 21/03/2022, p. ej.", "es")
      == "La Señora López llegó el 21 de marzo de 2022, por ejemplo.")
  }

  @Test func unitsOnlyAfterNumbersAndAsWholeWords() {
    #expect(spoken("Der km ist lang, 5 kmh nicht.", "de") == "Der km ist lang, 5 kmh nicht.")
    #expect(spoken("5km", "de") == "5 Kilometer")
  }

  @Test func everyLanguageHasTwelveMonthsAndItsUnitsHaveEveryForm() {
    for code in ["en", "de", "fr", "es", "ru"] {
      let forms = LanguageForms.of(code)
      #expect(forms.months.count == 12, "\(code)")
      for unit in forms.units {
        #expect(![unit.word.one, unit.word.few, unit.word.many, unit.word.other].contains(""), "\(code) \(unit.symbol)")
      }
    }
  }

  @Test func pluralRules() {
    #expect([1, 2, 5, 11, 21, 22, 25, 111, 0].map { PluralRule.category(of: $0, language: "ru") }
      == [.one, .few, .many, .many, .one, .few, .many, .many, .many])
    #expect([0, 1, 2].map { PluralRule.category(of: $0, language: "fr") } == [.one, .one, .other])
    #expect([0, 1, 2].map { PluralRule.category(of: $0, language: "en") } == [.other, .one, .other])
  }
}
