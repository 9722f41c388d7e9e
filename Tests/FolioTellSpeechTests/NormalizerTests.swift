import FolioTellCore
import Testing

@testable import FolioTellSpeech

@Suite struct NormalizerTests {
  func spoken(_ text: String, language: String = "en", lexicon: Lexicon = .empty) -> String {
    let normalizer = Normalizer(lexicon: lexicon, language: language)
    let result = normalizer.spokenText(for: Array(text.unicodeScalars))
    return result.string(0..<result.scalars.count)
  }

  @Test func dollarsWithThousandsAndCentsAreSpokenAsMoney() {
    #expect(spoken("It cost $1,234.50 today.") == "It cost 1234 dollars and 50 cents today.")
  }

  @Test func oneDollarAndCentsAloneAreSingularAndPlural() {
    #expect(spoken("Pay $1 or $0.05.") == "Pay 1 dollar or 5 cents.")
  }

  @Test func poundsAndEurosAreSpoken() {
    #expect(spoken("£20 and €3.01") == "20 pounds and 3 euros and 1 cent")
  }

  @Test func americanDatesAreMonthFirst() {
    #expect(spoken("On 3/4/2021 we met.") == "On March 4th, 2021 we met.")
  }

  @Test func britishDatesAreDayFirst() {
    #expect(spoken("On 3/4/2021 we met.", language: "en-gb") == "On the 3rd of April 2021 we met.")
  }

  @Test func impossibleDatesAreLeftAlone() {
    #expect(spoken("Score 13/40/2021 now.") == "Score 13/40/2021 now.")
  }

  @Test func stBeforeANameIsSaintAndAfterANameIsStreet() {
    #expect(spoken("St. Paul lived on Baker St. in town.") == "Saint Paul lived on Baker Street in town.")
  }

  @Test func stBeforeANameAfterACapitalizedWordIsStillSaint() {
    #expect(spoken("In St. Louis they met. Then Dr. Who left.") == "In Saint Louis they met. Then Doctor Who left.")
  }

  @Test func drBeforeANameIsDoctorAndAfterANameIsDrive() {
    #expect(
      spoken("Dr. Watson drove to Mulholland Dr. at night.") == "Doctor Watson drove to Mulholland Drive at night.")
  }

  @Test func languagesWithoutATableGetOnlyTheLexicon() {
    #expect(spoken("Costa $5 il 3/4/2021 a St. Denis.", language: "it") == "Costa $5 il 3/4/2021 a St. Denis.")
  }

  @Test func frenchGetsItsOwnDatesAndTitlesButNotEnglishMoney() {
    #expect(
      spoken("Il coûte $5 le 3/4/2021 à St. Denis.", language: "fr") == "Il coûte $5 le 3 avril 2021 à Saint Denis.")
  }

  @Test func germanGetsMoneyAndItsOwnWordsButNotTheEnglishDates() {
    #expect(
      spoken("Es kostet $5 am 3/4/2021 in der St. Paul Str.", language: "de")
        == "Es kostet 5 Dollar am 3/4/2021 in der Sankt Paul Straße.")
  }

  @Test func lexiconWordsMatchWholeWordsIgnoringCase() {
    var problems: [Lexicon.ParseError] = []
    let lexicon = Lexicon(parsing: "Hermione = her my oh knee\n", problems: &problems)
    #expect(problems.isEmpty)
    #expect(spoken("hermione met Hermiones.", lexicon: lexicon) == "her my oh knee met Hermiones.")
  }

  @Test func aCommentAfterTheSpokenFormIsIgnored() {
    var problems: [Lexicon.ParseError] = []
    let lexicon = Lexicon(parsing: "Hermione = her my oh knee    # the witch\n", problems: &problems)
    #expect(lexicon.rules.first?.spoken == "her my oh knee")
  }

  @Test func lexiconPatternsUseTheirGroups() {
    var problems: [Lexicon.ParseError] = []
    let lexicon = Lexicon(parsing: #"/\bch\. ?(\d+)/ = chapter $1"#, problems: &problems)
    #expect(spoken("See ch. 12 and ch.3.", lexicon: lexicon) == "See chapter 12 and chapter 3.")
  }

  @Test func theLexiconWinsOverTheBuiltInFixes() {
    var problems: [Lexicon.ParseError] = []
    let lexicon = Lexicon(parsing: "St. = Santo", problems: &problems)
    #expect(spoken("St. Paul", lexicon: lexicon) == "Santo Paul")
  }

  @Test func badLexiconLinesAreReportedWithTheirNumbersAndTheRestIsKept() {
    var problems: [Lexicon.ParseError] = []
    let lexicon = Lexicon(
      parsing: "# names\nGandalf = gan dolf\nno equals sign here\n/[unclosed/ = x\n = nothing\n", problems: &problems)
    #expect(lexicon.rules.count == 1)
    #expect(problems.map(\.line) == [3, 4, 5])
    #expect(problems[0].description.hasPrefix("lexicon line 3: expected 'word = how to say it'"))
    #expect(problems[1].description.contains("not a valid regular expression"))
  }

  @Test func spokenWordsMapBackToTheBookText() {
    let book = Array("It cost $1,234.50 today.".unicodeScalars)
    let text = Normalizer().spokenText(for: book)
    // "It" maps to itself; every word of the money maps to the start of "$1,234.50"; "today." to itself.
    let dollars = text.string(0..<text.scalars.count).unicodeScalars.map { $0 }
    let wordStarts = (0..<dollars.count).filter { $0 == 0 || (dollars[$0 - 1] == " " && dollars[$0] != " ") }
    #expect(wordStarts.compactMap { text.bookOffset(ofSpokenIndex: $0) } == [0, 3, 8, 8, 8, 8, 8, 18])
    #expect(text.bookOffset(ofSpokenIndex: dollars.count) == nil)
  }

  @Test func bookOffsetsFindTheirSpokenPlace() {
    let book = Array("Pay $5 now.".unicodeScalars)
    let text = Normalizer().spokenText(for: book)
    #expect(text.string(0..<text.scalars.count) == "Pay 5 dollars now.")
    #expect(text.spokenIndex(forBookOffset: 0) == 0)
    #expect(text.spokenIndex(forBookOffset: 4) == 4)
    #expect(text.spokenIndex(forBookOffset: 7) == 14)
    #expect(text.spokenIndex(forBookOffset: 11) == text.scalars.count)
  }

  @Test func aSentenceWithMoneyIsHeardWithBookOffsetsThroughTheRealEngine() throws {
    let log = EventLog()
    let engine = try EspeakSpeechEngine(sink: log, audio: NullSink())
    let text = book("He paid $12.50 on 3/4/2021 at St. Mary's.")
    engine.load(book: text)
    engine.startUtterance(token: 1, offset: 0, wpm: 250, voice: "en")
    #expect(log.wait { $0.contains(finishOf: 1) })
    let words = log.words(of: 1)
    let distinct = words.enumerated().filter { $0.offset == 0 || words[$0.offset - 1] != $0.element }.map {
      slice(text, $0.element)
    }
    #expect(distinct == ["He", "paid", "$12.50", "on", "3/4/2021", "at", "St.", "Mary's."])
  }
}
