import FolioTellCore
import Testing

@testable import FolioTellBooks

/// A book that mixes languages is split into passages by language, paragraph by paragraph, and each
/// passage's sentences follow its own language's rules.
@Suite struct PassageDetectorTests {
  static let english =
    "The morning was cold and grey when the travellers left the old inn by the river. They walked for hours along the muddy road, talking about the war and the harvest, and the price of bread in the town."
  static let german =
    "Das gefällt mir sehr. Es war ein gutes Jahr, z. B. für die Bauern im Dorf, die ca. zwei Wochen früher ernten konnten als sonst. Wir kamen zu spät, aber die Großmutter hatte noch Kuchen für uns."
  static let russian =
    "Он приехал в 2021 г. Проф. Иванов пришёл позже, когда все уже сидели за столом и говорили о погоде, о ценах на хлеб и о том, что зима будет долгой."
  static let mixed = [english, german, russian].joined(separator: "\n\n")

  func text(_ book: BookDocument, _ span: TextSpan) -> String {
    let scalars = Array(book.text.unicodeScalars)
    return String(String.UnicodeScalarView(scalars[span.start..<span.end]))
  }

  @Test func anEnglishAGermanAndARussianParagraphAreThreePassages() {
    let book = PlainTextBook.read(Array(Self.mixed.utf8))
    #expect(book.passages.map(\.language) == ["en", "de", "ru"])
    #expect(book.passages.first?.start == 0)
    let germanStart = Self.english.unicodeScalars.count + 2
    #expect(book.passages[1].start == germanStart)
  }

  @Test func eachPassageIsSplitWithItsOwnRules() {
    let book = PlainTextBook.read(Array(Self.mixed.utf8))
    let sentences = book.sentences.map { text(book, $0) }
    // German rules: "sehr." ends a sentence, "z. B." and "ca." do not.
    #expect(sentences.contains("Das gefällt mir sehr."))
    #expect(sentences.contains { $0.hasPrefix("Es war ein gutes Jahr, z. B. für die Bauern") })
    // Russian rules: a year's "г." before a capital ends one.
    #expect(sentences.contains("Он приехал в 2021 г."))
  }

  @Test func aBookInOneLanguageHasNoPassages() {
    let book = PlainTextBook.read(Array((Self.english + "\n\n" + Self.english).utf8))
    #expect(book.passages.isEmpty)
  }

  @Test func shortParagraphsStayInTheLanguageBeforeThem() {
    let text = [Self.english, "Ja.", "OK, fine.", Self.german, "Nein.", Self.english].joined(separator: "\n\n")
    let book = PlainTextBook.read(Array(text.utf8))
    #expect(book.passages.map(\.language) == ["en", "de", "en"])
  }

  @Test func htmlAndMarkdownBooksGetPassagesToo() {
    let html = "<html><body><p>\(Self.english)</p><p>\(Self.german)</p></body></html>"
    #expect(HTMLBook.read(Array(html.utf8)).passages.map(\.language) == ["en", "de"])
    #expect(MarkdownBook.read(Array((Self.german + "\n\n" + Self.russian).utf8)).passages.map(\.language) == ["de", "ru"])
  }

  @Test func theSentenceMapCarriesThePassagesForTheVoice() {
    let map = PlainTextBook.read(Array(Self.mixed.utf8)).sentenceMap
    #expect(map.passages.language(at: 5) == "en")
    #expect(map.passages.language(at: map.endOffset - 5) == "ru")
  }

  @Test func anElementsLangWinsEvenForAShortParagraph() {
    let html = """
      <html lang="en"><body><p>\(Self.english)</p><p lang="fr">Bonjour, mon ami.</p>\
      <div xml:lang="de"><p>Guten Tag.</p><p>Wie geht es?</p></div><p>\(Self.english)</p></body></html>
      """
    let book = HTMLBook.read(Array(html.utf8))
    #expect(book.passages.map(\.language) == ["en", "fr", "de", "en"])
    #expect(book.passages.map(\.declared) == [false, true, true, false])
  }
}
