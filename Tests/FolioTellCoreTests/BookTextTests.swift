import Testing

@testable import FolioTellCore

@Suite struct BookTextTests {
  @Test func offsetsAreScalarsAcrossMarksAndAstralCharacters() {
    // Long enough to cross several marks, with 1-, 2-, 3- and 4-byte scalars.
    let pieces = ["a", "é", "Ж", "€", "😀", "𝔸", " "]
    let scalars = (0..<500).map { Unicode.Scalar(pieces[$0 % pieces.count])! }
    let text = BookText(String(String.UnicodeScalarView(scalars)))
    #expect(text.count == 500)
    for offset in [0, 1, 63, 64, 65, 127, 128, 300, 499] { #expect(text[offset] == scalars[offset]) }
    #expect(Array(text[60..<70]) == Array(scalars[60..<70]))
    #expect(text.text(0..<3) == "aéЖ")
    #expect(text[500..<500].isEmpty)
    #expect(text.byteOffset(at: 500) == text.string.utf8.count)
    #expect(text.text(0..<3).unicodeScalars.count == 3 && BookText("aé").isPrefix(of: text) && !BookText("é").isPrefix(of: text))
  }

  @Test func theWordsOfALongRangeAreEstimatedFromSamplesAndOfAShortOneCounted() {
    let prose = String(repeating: "Ten words of plain prose in a sentence, said Ann. ", count: 20_000)
    let text = BookText(prose)
    #expect(text.estimatedWordCount(0..<5_000) == text.wordCount(0..<5_000))
    let exact = text.wordCount(0..<text.count)
    let estimated = text.estimatedWordCount(0..<text.count)
    #expect(abs(estimated - exact) * 100 < exact)
  }

  @Test func emptyTextHasNothing() {
    #expect(BookText.empty.count == 0)
    #expect(BookText("").isEmpty)
  }

  @Test func theSentenceMapReadsItsTextThroughIt() throws {
    let map = try SentenceMap(
      sentences: [TextSpan(start: 0, end: 10), TextSpan(start: 11, end: 21)], text: "«Oui» dit. — 3 chats.")
    #expect(map.scalars.text(11..<13) == "— ")
    #expect(map.isAtFirstWord(of: 1, offset: 13))
    #expect(!map.isAtFirstWord(of: 1, offset: 15))
  }

  @Test func theSameTextIsEqualWhetherHeldOnceOrTwiceAndComposedTextIsNotDecomposedText() {
    let long = String(repeating: "Ein Satz mit Umlauten: äöü. ", count: 1_000)
    let held = BookText(long)
    let copy = held
    #expect(copy == held)
    // Built again from other storage: compared scalar by scalar.
    #expect(BookText(String(long.unicodeScalars.map(Character.init))) == held)
    #expect(BookText(long + "x") != held)
    #expect(BookText("caf\u{E9}") != BookText("cafe\u{301}"))
  }
}
