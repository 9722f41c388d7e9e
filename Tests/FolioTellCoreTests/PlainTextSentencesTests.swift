import Testing

@testable import FolioTellCore

@Suite struct PlainTextSentencesTests {
  func split(_ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    return PlainTextSentences.sentences(in: text).map {
      String(String.UnicodeScalarView(scalars[$0.start..<$0.end]))
    }
  }

  @Test func simpleSentencesSplitAtTheirFullStops() {
    #expect(split("One two. Three four! Five six?") == ["One two.", "Three four!", "Five six?"])
  }

  @Test func rangesMatchTheSampleBook() {
    #expect(
      PlainTextSentences.sentences(in: "One two three. Four five six. Seven eight nine.") == Books.three.sentences)
  }

  @Test func titlesAreNotSentenceEnds() {
    #expect(split("Mr. Smith met Dr. Jones. They talked.") == ["Mr. Smith met Dr. Jones.", "They talked."])
  }

  @Test func initialsAreNotSentenceEnds() {
    #expect(split("J. R. R. Tolkien wrote it. Really.") == ["J. R. R. Tolkien wrote it.", "Really."])
  }

  @Test func decimalNumbersAreNotSentenceEnds() {
    #expect(split("It costs 3.50 today. Yes.") == ["It costs 3.50 today.", "Yes."])
  }

  @Test func closingQuotesStayWithTheirSentence() {
    #expect(split("\u{201C}Stop!\u{201D} she said. He did.") == ["\u{201C}Stop!\u{201D} she said.", "He did."])
  }

  @Test func aLowerCaseContinuationIsNotANewSentence() {
    #expect(split("Wait... what happened? nothing much.") == ["Wait... what happened? nothing much."])
  }

  @Test func aBlankLineEndsASentenceWithoutPunctuation() {
    #expect(split("Chapter One\n\nIt began.") == ["Chapter One", "It began."])
  }

  @Test func hardWrappedLinesStayInOneSentence() {
    #expect(split("It was a dark\nand stormy night.") == ["It was a dark\nand stormy night."])
  }

  @Test func trailingTextWithoutPunctuationIsTheLastSentence() {
    #expect(split("Done. And then") == ["Done.", "And then"])
  }

  @Test func onlyWhiteSpaceHasNoSentences() {
    #expect(PlainTextSentences.sentences(in: "  \n\n \t ").isEmpty)
    #expect(PlainTextSentences.sentences(in: "").isEmpty)
  }

  @Test func theResultAlwaysMakesAValidSentenceMap() throws {
    let text = "A. B? \u{201C}C!\u{201D} d e. F.\n\nG"
    _ = try SentenceMap(sentences: PlainTextSentences.sentences(in: text), text: text)
  }
}
