import FolioTellCore
import Testing

@testable import FolioTellSpeech

/// espeak-ng's word reports turned into the spans the listener is shown, report by report.
@Suite struct WordSpansTests {
  /// Feeds reports (a piece of the text, found from the last report on, a shift into it, and a frame) to
  /// the spans of `text` from `from` on, and returns every word given out, as text with its frame.
  func shown(
    _ text: String, from: Int = 0, language: String = "en", reports: [(word: String, shift: Int, frame: Int)]
  ) -> [(String, Int)] {
    let map = book(text, language: language)
    var spans = WordSpans(book: map, range: from..<map.endOffset, frame: 0)
    var words: [WordSpans.Word] = []
    var searchFrom = from
    let scalars = Array(map.scalars[0..<map.endOffset])
    for report in reports {
      let needle = Array(report.word.unicodeScalars)
      // The first occurrence from the last report on (a word reported again is found again), else from
      // the start (a report of a place already passed).
      func find(from start: Int) -> Int? {
        (start...(scalars.count - needle.count)).first { Array(scalars[$0..<$0 + needle.count]) == needle }
      }
      guard let found = find(from: searchFrom) ?? find(from: 0) else {
        Issue.record("'\(report.word)' is not in the text")
        return []
      }
      searchFrom = found
      words += spans.report(offset: found + report.shift, frame: report.frame)
    }
    words += spans.finish(frame: 10_000)
    return words.map { (slice(map, $0.span), $0.frame) }
  }

  func texts(_ shown: [(String, Int)]) -> [String] { shown.map(\.0) }

  @Test func wordsSaidWithTheOneBeforeAreShownWithIt() {
    let words = shown(
      "There was nothing so very remarkable in that.",
      reports: [("There", 0, 0), ("nothing", 0, 377), ("so", 0, 728), ("very", 0, 952), ("remarkable", 0, 1210)])
    #expect(texts(words) == ["There was", "nothing", "so", "very", "remarkable in that."])
    #expect(words.map(\.1) == [0, 377, 728, 952, 1210])
  }

  @Test func wordsBeforeASentencesFirstReportGoToItNotToTheSentenceBefore() {
    let words = shown(
      "It was late. I shall be late!", reports: [("It", 0, 0), ("was", 0, 100), ("late", 0, 200), ("be", 0, 400)])
    #expect(texts(words) == ["It", "was", "late.", "I shall be late!"])
  }

  @Test func openingQuotesAndBracketsGoWithTheWordTheyOpen() {
    let words = shown(
      "He said \u{201C}no\u{201D} (twice) and \u{AB} oui \u{BB}, then.",
      reports: [
        ("He", 0, 0), ("said", 0, 1), ("no", 0, 2), ("twice", 0, 3), ("and", 0, 4), ("oui", 0, 5), ("then", 0, 6),
      ])
    #expect(texts(words) == ["He", "said", "\u{201C}no\u{201D}", "(twice)", "and", "\u{AB} oui \u{BB},", "then."])
  }

  @Test func aNumberReportedFromInsideItIsOneWordUntilItsNextPart() {
    // espeak-ng reports "1,234" at "1", ",", "234" and "34", and "1999" at "1" and "999" twice.
    let words = shown(
      "It costs 1,234 in 1999 now.",
      reports: [
        ("It", 0, 0), ("costs", 0, 1), ("1,", 0, 2), ("1,", 1, 3), ("234", 0, 4), ("234", 1, 5), ("in", 0, 6),
        ("1999", 0, 7), ("1999", 1, 8), ("1999", 1, 9), ("now", 0, 10),
      ])
    #expect(texts(words) == ["It", "costs", "1,", "234", "in", "1999", "now."])
    #expect(words.map(\.1) == [0, 1, 2, 4, 6, 7, 10])
  }

  @Test func aReportAtTheSpaceBeforeAWordIsThatWordUnlessTheWordIsReportedItself() {
    // "e.g." reported at the space before it; an emoji's name reported at the space after it, then the
    // next word at its own place.
    let abbreviation = shown(
      "It is far, e.g. here.", reports: [("It", 0, 0), ("is", 0, 1), ("far", 0, 2), (" e.g.", 0, 3), ("here", 0, 4)])
    #expect(abbreviation.map(\.0) == ["It", "is", "far,", "e.g.", "here."])
    #expect(abbreviation.map(\.1) == [0, 1, 2, 3, 4])
    let emoji = shown(
      "Caf\u{E9} \u{1F642} ouvert.", language: "fr",
      reports: [("Caf", 0, 0), ("\u{1F642}", 0, 100), (" ouvert", 0, 200), (" ouvert", 0, 250), ("ouvert", 0, 300)])
    #expect(emoji.map(\.0) == ["Caf\u{E9}", "\u{1F642}", "ouvert."])
    #expect(emoji.map(\.1) == [0, 100, 300])
  }

  @Test func aReportOfAPlaceAlreadyPassedIsIgnored() {
    let words = shown(
      "Nor did it, and then.",
      reports: [("Nor", 0, 0), ("did", 0, 1), ("it", 0, 2), ("and", 0, 3), (", and", 0, 4), ("then", 0, 5)])
    #expect(texts(words) == ["Nor", "did", "it,", "and", "then."])
  }

  @Test func aSentenceWithoutAnyReportIsShownWholeBetweenItsNeighbours() {
    let words = shown("One two. Three four. Five.", reports: [("One", 0, 0), ("two", 0, 100), ("Five", 0, 300)])
    #expect(texts(words) == ["One", "two.", "Three four.", "Five."])
    #expect(words.map(\.1) == [0, 100, 200, 300])
  }

  @Test func anUnreportedFirstWordAfterARestartIsShownAndNotSkipped() {
    // Restarted at "it." (a speed change); were its report missing, "it." is still shown, before "Oh".
    let text = "Nor did Alice think it. Oh dear!"
    let words = shown(text, from: 20, reports: [("Oh", 0, 500), ("dear", 0, 700)])
    #expect(texts(words) == ["it.", "Oh", "dear!"])
    #expect(words.map(\.1) == [250, 500, 700])
  }

  @Test func theLastReportedWordOfAChunkRunsToItsSentencesEndOnly() {
    let words = shown("Stop here (please). And on.", reports: [("Stop", 0, 0), ("here", 0, 1)])
    #expect(texts(words) == ["Stop", "here (please).", "And on."])
  }

  @Test func aBookWithoutSentencesIsOneSentence() throws {
    let map = try SentenceMap(sentences: [], text: "One two three")
    var spans = WordSpans(book: map, range: 0..<13, frame: 0)
    var words = spans.report(offset: 0, frame: 0) + spans.report(offset: 8, frame: 5)
    words += spans.finish(frame: 9)
    #expect(words.map { slice(map, $0.span) } == ["One two", "three"])
  }
}
