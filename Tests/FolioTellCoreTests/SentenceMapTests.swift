import Testing

@testable import FolioTellCore

@Suite struct SentenceMapTests {
  @Test func theEndIsTheTextLengthWhenTextIsKnown() {
    #expect(Books.three.endOffset == 47)
  }

  @Test func theEndIsTheLastSentenceEndWithoutText() {
    #expect(Books.rangesOnly.endOffset == 30)
  }

  @Test func offsetsCountUnicodeScalarsNotBytesOrCharacters() throws {
    // "é" composed is one scalar; the flag is two scalars and one Character.
    let map = try SentenceMap(sentences: [TextSpan(start: 0, end: 7)], text: "Café 🇫🇷")
    #expect(map.endOffset == 7)
  }

  @Test func aNegativeStartIsRejected() {
    #expect(throws: SentenceMapError.negativeStart(index: 0, start: -1)) {
      try SentenceMap(sentences: [TextSpan(start: -1, end: 3)])
    }
  }

  @Test func anEndBeforeItsStartIsRejected() {
    #expect(throws: SentenceMapError.endBeforeStart(index: 1, start: 9, end: 4)) {
      try SentenceMap(sentences: [TextSpan(start: 0, end: 3), TextSpan(start: 9, end: 4)])
    }
  }

  @Test func overlappingSentencesAreRejected() {
    #expect(throws: SentenceMapError.overlapsPrevious(index: 1, start: 2, previousEnd: 5)) {
      try SentenceMap(sentences: [TextSpan(start: 0, end: 5), TextSpan(start: 2, end: 8)])
    }
  }

  @Test func sentencesPastTheTextAreRejected() {
    #expect(throws: SentenceMapError.endsPastText(index: 0, end: 9, textLength: 4)) {
      try SentenceMap(sentences: [TextSpan(start: 0, end: 9)], text: "Four")
    }
  }

  @Test func errorsReadWellToAPerson() {
    let error = SentenceMapError.overlapsPrevious(index: 1, start: 2, previousEnd: 5)
    #expect(error.description.contains("sentence 1 starts at 2"))
    #expect(error.description.contains("without overlap"))
  }

  @Test func sentenceIndexFindsTheSentenceContainingAnOffset() {
    let map = Books.three
    #expect(map.sentenceIndex(at: 0) == 0)
    #expect(map.sentenceIndex(at: 13) == 0)
    #expect(map.sentenceIndex(at: 16) == 1)
    #expect(map.sentenceIndex(at: 46) == 2)
  }

  @Test func aGapBelongsToTheSentenceBeforeIt() {
    #expect(Books.three.sentenceIndex(at: 14) == 0)
    #expect(Books.three.sentenceIndex(at: 29) == 1)
  }

  @Test func offsetsPastTheEndAreInTheLastSentence() {
    #expect(Books.three.sentenceIndex(at: 1000) == 2)
  }

  @Test func sentenceIndexWorksOnALongBook() throws {
    let spans = (0..<10_000).map { TextSpan(start: $0 * 10, end: $0 * 10 + 9) }
    let map = try SentenceMap(sentences: spans)
    #expect(map.sentenceIndex(at: 54_321) == 5_432)
    #expect(map.sentenceIndex(at: 99_999) == 9_999)
  }

  @Test func theFirstWordIsRecognisedByItsText() {
    #expect(Books.three.isAtFirstWord(of: 1, offset: 15))
    #expect(!Books.three.isAtFirstWord(of: 1, offset: 20))
    #expect(Books.quoted.isAtFirstWord(of: 1, offset: 14))
  }

  @Test func digitsCountAsWords() throws {
    let map = try SentenceMap(sentences: [TextSpan(start: 0, end: 9)], text: "42 apples")
    #expect(!map.isAtFirstWord(of: 0, offset: 3))
  }

  @Test func containsChecksSpansAgainstTheEnd() {
    #expect(Books.three.contains(TextSpan(start: 42, end: 47)))
    #expect(!Books.three.contains(TextSpan(start: 42, end: 48)))
    #expect(!Books.three.contains(TextSpan(start: -1, end: 2)))
  }
}

@Suite struct BookIdentityTests {
  @Test func theIdDependsOnTheContentOnly() {
    let first = BookIdentity.id(forContent: Array("Call me Ishmael.".utf8))
    let again = BookIdentity.id(forContent: Array("Call me Ishmael.".utf8))
    #expect(first == again)
    #expect(first.count == 16)
  }

  @Test func differentContentGetsADifferentId() {
    #expect(BookIdentity.id(forContent: Array("a".utf8)) != BookIdentity.id(forContent: Array("b".utf8)))
  }

  @Test func theIdOfNothingIsTheFnvOffsetBasis() {
    #expect(BookIdentity.id(forContent: [UInt8]()) == "cbf29ce484222325")
  }
}
