import FolioTellCore
import Testing

@testable import FolioTellBooks

@Suite struct SentenceSegmenterTests {
  func split(_ text: String, _ language: String = "en") -> [String] {
    let scalars = Array(text.unicodeScalars)
    return SentenceSegmenter.sentences(in: text, language: language).map {
      String(String.UnicodeScalarView(scalars[$0.start..<$0.end]))
    }
  }

  @Test func englishTitlesAndLatinAbbreviationsDoNotEndSentences() {
    #expect(
      split("Mr. Smith met Dr. Jones at St. Paul's. They spoke, e.g. about the weather, i.e. the rain. Then they left.")
        == [
          "Mr. Smith met Dr. Jones at St. Paul's.", "They spoke, e.g. about the weather, i.e. the rain.",
          "Then they left.",
        ])
  }

  @Test func initialsDoNotEndSentences() {
    #expect(
      split("J. R. R. Tolkien wrote it. C. S. Lewis read it.") == [
        "J. R. R. Tolkien wrote it.", "C. S. Lewis read it.",
      ])
  }

  @Test func decimalNumbersDoNotEndSentences() {
    #expect(split("It cost 3.50 pounds. Pi is 3.14159 or so.") == ["It cost 3.50 pounds.", "Pi is 3.14159 or so."])
  }

  @Test func ellipsesEndASentenceOnlyBeforeACapital() {
    #expect(split("Wait... What was that?") == ["Wait...", "What was that?"])
    #expect(split("He paused... and went on.") == ["He paused... and went on."])
  }

  @Test func closingQuotesAndBracketsStayWithTheirSentence() {
    #expect(
      split("\u{201C}Stop!\u{201D} she said. (He did.) \u{201C}Why?\u{201D} He shrugged.")
        == ["\u{201C}Stop!\u{201D} she said.", "(He did.)", "\u{201C}Why?\u{201D}", "He shrugged."])
  }

  @Test func aParagraphWithoutPunctuationIsASentence() {
    #expect(split("CHAPTER ONE\n\nIt began at night.") == ["CHAPTER ONE", "It began at night."])
  }

  @Test func hardWrappedLinesStayOneSentence() {
    #expect(
      split("It was a dark\nand stormy night; the rain\nfell in torrents.") == [
        "It was a dark\nand stormy night; the rain\nfell in torrents."
      ])
  }

  @Test func germanAbbreviationsDoNotEndSentences() {
    #expect(
      split("Er kam z. B. gestern. Das ist u. a. bzw. usw. bekannt. Dr. Müller wohnt in der Hauptstr. 5.", "de")
        == ["Er kam z. B. gestern.", "Das ist u. a. bzw. usw. bekannt.", "Dr. Müller wohnt in der Hauptstr. 5."])
  }

  @Test func germanOrdinalsAndDatesDoNotEndSentences() {
    #expect(
      split("Am 3. Oktober 1990 war es so weit. Alle feierten.", "de") == [
        "Am 3. Oktober 1990 war es so weit.", "Alle feierten.",
      ])
  }

  @Test func frenchTitlesDoNotEndSentences() {
    #expect(
      split("M. Dupont et Mme. Martin sont là. Ils parlent.", "fr") == [
        "M. Dupont et Mme. Martin sont là.", "Ils parlent.",
      ])
  }

  @Test func frenchQuotesAndSpacedPunctuationStayTogether() {
    #expect(split("« Venez ! » dit-il. Elle vint.", "fr") == ["« Venez ! » dit-il.", "Elle vint."])
  }

  @Test func spanishInvertedMarksAndTitles() {
    #expect(
      split("¿Dónde está el Sr. García? ¡Aquí! La Sra. López llegó.", "es")
        == ["¿Dónde está el Sr. García?", "¡Aquí!", "La Sra. López llegó."])
  }

  @Test func russianAbbreviationsDoNotEndSentences() {
    #expect(
      split("Он приехал в 1990 г. в Москву, т. е. в столицу. Все были рады.", "ru")
        == ["Он приехал в 1990 г. в Москву, т. е. в столицу.", "Все были рады."])
  }

  @Test func russianDialogueDashes() {
    #expect(split("— Привет! — сказал он. — Как дела?", "ru") == ["— Привет! — сказал он.", "— Как дела?"])
  }

  @Test func unknownLanguagesFallBackToTheDefaultRules() {
    #expect(split("One. Two.", "xx") == ["One.", "Two."])
  }

  @Test func offsetsAreUnicodeScalarsEvenWithEmojiAndAstralCharacters() {
    let text = "I 😀 it. 𝔸 new one."
    let spans = SentenceSegmenter.sentences(in: text, language: "en")
    #expect(spans == [TextSpan(start: 0, end: 7), TextSpan(start: 8, end: 18)])
  }

  @Test func emptyAndBlankTextsHaveNoSentences() {
    #expect(split("").isEmpty)
    #expect(split(" \n\n \t").isEmpty)
  }
}
