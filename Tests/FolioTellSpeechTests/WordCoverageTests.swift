import FolioTellBooks
import FolioTellCore
import FolioTellRuntime
import FolioTellTestSupport
import Foundation
import Synchronization
import Testing

@testable import FolioTellSpeech

/// A text in one language, read by the real libespeak-ng.
struct CoverageSample: Sendable, CustomTestStringConvertible {
  var language: String
  var text: String
  var testDescription: String { language }

  static let english = CoverageSample(
    language: "en",
    text: """
      Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do. \
      There was nothing so very remarkable in that; nor did Alice think it so very much out of the way to hear \
      the Rabbit say to itself, \u{201C}Oh dear! Oh dear! I shall be late!\u{201D} (when she thought it over \
      afterwards, it occurred to her that she ought to have wondered at this); but when the Rabbit actually \
      took a watch out of its waistcoat-pocket, and looked at it, and then hurried on, Alice started to her feet.

      \u{201C}I don't know,\u{201D} said Dr. Watson, \u{201C}but I'll find out by 3/4/2021, won't I?\u{201D} \
      He'd paid $12.50 for the map (it was 1,234 pages long, i.e. far too many) and another \u{A3}3 in St. \
      Paul's Churchyard. The U.S.A. has 50 states, e.g. Ohio and Maine; Mr. Smith lived at 221B Baker St. in \
      1999 & loved it 100%.

      \u{2018}Well,\u{2019} she said \u{2014} and stopped. Chapter 12: the 3rd of May, at 10:30 a.m., was \
      warm (about 21 \u{B0}C). Isn't it odd? It is. A. B. Jones wrote pp. 45\u{2013}67 of vol. 2, \
      \u{201C}The Cat\u{2019}s Tale\u{201D}, in 3.5 days [sic] \u{2014} a record. It's all there; we've \
      checked: they're right, aren't they?
      """)

  static let german = CoverageSample(
    language: "de",
    text: """
      Es war einmal ein König, der hatte drei Töchter. \u{201E}Ich bin\u{2019}s\u{201C}, sagte die jüngste, \
      \u{201E}und ich will\u{2019}s wissen!\u{201C} Am 3. Oktober 1990 (einem Mittwoch) kamen z. B. über 1.000 \
      Gäste, d. h. mehr als je zuvor. Der Preis betrug 12,50 \u{20AC} pro Person, inkl. Getränke. Herr \
      Dr. Müller wohnte in der Hauptstr. 5 \u{2013} gleich neben dem Bäcker.

      \u{201E}Was ist das?\u{201C}, fragte er. Niemand antwortete. Um 10 Uhr begann die Feier; um 23.30 Uhr war \
      sie vorbei. Die Straße war nass, die Luft kühl, und überall roch es nach Äpfeln. Das Mädchen lief \
      schnell, schneller als je zuvor, bis es an den großen Fluss kam. Dort saß ein alter Mann, der sagte: \
      \u{201E}Wer bist du, und woher kommst du?\u{201C} Sie sagte es ihm. Er nickte (ganz langsam) und schwieg, \
      bzw. er sah sie an \u{2013} so, wie man es im 19. Jh. tat.
      """)

  static let russian = CoverageSample(
    language: "ru",
    text: """
      Он сказал: \u{AB}Я не знаю, т. е. это так\u{BB}. И в 1999 г. всё было иначе.

      \u{2014} Привет! \u{2014} сказала она. \u{2014} Как дела?

      В 10 часов утра (по московскому времени) пришли 25 человек, в т. ч. три учителя. Цена \u{2014} 1500 руб., \
      т. е. недорого. Мы жили на ул. Ленина, д. 5, кв. 12. Она читала \u{AB}Войну и мир\u{BB} Л. Н. Толстого \
      уже в третий раз. Ночью шёл снег, а утром всё было белым-бело. \u{AB}Ну что ж, \u{2014} подумал он, \
      \u{2014} пора идти\u{BB}. И он пошёл, не оглядываясь, по заснеженной улице к вокзалу, где его ждали \
      уже 2 часа.
      """)

  static let french = CoverageSample(
    language: "fr",
    text: """
      L'homme qu'il a vu n'est pas là. \u{AB} Oui \u{BB}, dit-il, c'est-à-dire 25 %. M. Dupont est arrivé le \
      14 juillet 1789 (un mardi) à 10 h 30. Aujourd'hui, il fait beau ; demain, qui sait ? Elle a acheté \
      3 kg de pommes pour 12,50 \u{20AC}, etc.

      \u{AB} Qu'est-ce que c'est ? \u{BB} demanda-t-elle. Il n'y avait rien à voir, rien du tout. Mme Leblanc \
      habite au 5, rue de la Paix, près de l'Opéra. Le XIXe siècle fut celui de Victor Hugo et \
      d'Alexandre Dumas. J'ai dit : \u{AB} Non ! \u{BB} Puis je suis parti, sans un mot, jusqu'à la gare \
      (celle du Nord), où m'attendaient 2 amis.
      """)

  static let all = [english, german, russian, french]

  var map: SentenceMap { book(text, language: language) }
}

/// What is wrong with `spans` as the words shown for `book` from `from` on: every word (a maximal run of
/// letters and digits) must lie in a span; spans come in order, do not overlap, stay in one sentence, and an
/// opening quote or bracket is in its word's span. Empty when all is well.
func coverageProblems(of spans: [TextSpan], in book: SentenceMap, from: Int = 0) -> [String] {
  let scalars = Array(book.scalars[0..<book.endOffset])
  func text(_ start: Int, _ end: Int) -> String { String(String.UnicodeScalarView(scalars[start..<end])) }
  func isLetterOrDigit(_ offset: Int) -> Bool {
    scalars[offset].properties.isAlphabetic || scalars[offset].properties.numericType != nil
  }
  func isOpening(_ offset: Int) -> Bool {
    [.openPunctuation, .initialPunctuation].contains(scalars[offset].properties.generalCategory)
  }
  var problems: [String] = []
  for (index, span) in spans.enumerated() {
    if span.length <= 0 { problems.append("an empty span at \(span.start)") }
    if index > 0, spans[index - 1].end > span.start {
      problems.append(
        "'\(text(span.start, span.end))' at \(span.start) overlaps or precedes '\(text(spans[index - 1].start, spans[index - 1].end))'"
      )
    }
    let sentence = book.sentences[book.sentenceIndex(at: span.start)]
    if span.start < sentence.start || span.end > sentence.end {
      problems.append("'\(text(span.start, span.end))' at \(span.start) leaves its sentence")
    }
  }
  func spanHolding(_ start: Int, _ end: Int) -> TextSpan? {
    spans.first { $0.start <= start && end <= $0.end }
  }
  for sentence in book.sentences where sentence.end > from {
    var offset = max(sentence.start, from)
    while offset < sentence.end {
      guard isLetterOrDigit(offset) else {
        offset += 1
        continue
      }
      var end = offset
      while end < sentence.end, isLetterOrDigit(end) { end += 1 }
      let context = text(max(sentence.start, offset - 15), min(sentence.end, end + 15))
      if let span = spanHolding(offset, end) {
        var token = offset
        while token > max(sentence.start, from), !scalars[token - 1].properties.isWhitespace { token -= 1 }
        if token < offset, (token..<offset).allSatisfy(isOpening), token < span.start {
          problems.append("the opening of '\(text(token, end))' is not in its word's span ('\(context)')")
        }
      } else {
        problems.append("'\(text(offset, end))' at \(offset) is in no span ('\(context)')")
      }
      offset = end
    }
  }
  return problems
}

/// The real libespeak-ng reading long texts in four languages: every word is reported, in order, on every
/// output.
@Suite(.serialized) struct WordCoverageTests {
  /// The spans an engine reports for `book` from `offset`, to the end.
  func reportedSpans(
    _ book: SentenceMap, language: String, audio: any PCMSink, wpm: Int = 175, from offset: Int = 0
  ) throws -> [TextSpan] {
    let log = EventLog()
    let engine = try EspeakSpeechEngine(sink: log, audio: audio)
    engine.load(book: book)
    engine.startUtterance(token: 1, offset: offset, wpm: wpm, voice: language)
    #expect(log.wait(seconds: 60) { $0.contains(finishOf: 1) })
    return log.words(of: 1)
  }

  @Test(arguments: CoverageSample.all)
  func everyWordIsReportedInOrderOnTheNullOutput(_ sample: CoverageSample) throws {
    let book = sample.map
    let spans = try reportedSpans(book, language: sample.language, audio: NullSink())
    let problems = coverageProblems(of: spans, in: book)
    #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
    // Folded words are the exception: most words are shown alone.
    #expect(spans.count * 10 > book.scalars.count)
  }

  @Test(arguments: CoverageSample.all)
  func everyWordIsReportedInOrderIntoAWavFile(_ sample: CoverageSample) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString).wav").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let book = sample.map
    let spans = try reportedSpans(book, language: sample.language, audio: WavFileSink(path: path), wpm: 300)
    let problems = coverageProblems(of: spans, in: book)
    #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
  }

  @Test func everyWordIsReportedFromTheMiddleOfASentence() throws {
    for sample in CoverageSample.all {
      let book = sample.map
      // From the fifth word of the third sentence on, as after a jump or a speed change.
      let sentence = book.sentences[2]
      let scalars = Array(book.scalars[sentence.start..<sentence.end])
      let wordStarts = scalars.indices.filter {
        !scalars[$0].properties.isWhitespace && $0 > 0 && scalars[$0 - 1].properties.isWhitespace
      }
      let from = sentence.start + wordStarts[min(3, wordStarts.count - 1)]
      let spans = try reportedSpans(book, language: sample.language, audio: NullSink(), wpm: 300, from: from)
      #expect(spans.first?.start == from)
      let problems = coverageProblems(of: spans, in: book, from: from)
      #expect(problems.isEmpty, "\(sample.language): \(problems.joined(separator: "\n"))")
    }
  }

  @Test func everyWordIsReportedOnThePacedCardAsItIsHeard() throws {
    // The opening of Alice, where "was", "shall" and "it" used to go missing; four times real time.
    let book = book(
      """
      There was nothing so very remarkable in that; nor did Alice think it so very much out of the way to hear \
      the Rabbit say to itself, \u{201C}Oh dear! Oh dear! I shall be late!\u{201D} (when she thought it over \
      afterwards); but when the Rabbit took a watch out of its waistcoat-pocket, and looked at it, and then \
      hurried on, Alice started to her feet.
      """)
    let spans = try reportedSpans(book, language: "en", audio: AlsaSink(.virtual(speed: 4, canPause: true)), wpm: 250)
    let problems = coverageProblems(of: spans, in: book)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    let shown = spans.map { slice(book, $0) }
    #expect(shown.starts(with: ["There was", "nothing"]))
    #expect(shown.contains("I shall") && shown.contains("at it,"))
  }

  @Test func aWordSaidWithTheOneBeforeIsShownWhenTheFirstIsHeardInRealTime() throws {
    let card = AlsaSink(.virtual(speed: 1, canPause: true))
    let writes = WriteLog(card)
    let log = EventLog()
    let engine = try EspeakSpeechEngine(sink: log, audio: writes)
    let text = book("There was nothing so very remarkable. I shall be late!")
    engine.load(book: text)
    engine.startUtterance(token: 1, offset: 0, wpm: 200, voice: "en")
    #expect(log.wait { $0.contains(finishOf: 1) })
    // Timed from the first sample handed to the card: other tests' engines may hold espeak-ng before that.
    let firstSound = try #require(writes.starts.first)
    let words = log.timed.compactMap { entry -> (Duration, String)? in
      guard case .willSpeakRange(1, let location, let length) = entry.event else { return nil }
      return (entry.time - firstSound, slice(text, TextSpan(start: location, end: location + length)))
    }
    #expect(words.map(\.1) == ["There was", "nothing", "so", "very", "remarkable.", "I shall", "be", "late!"])
    // "There was" is shown as its sound starts, and "nothing" once both words have been said (about 0.35 s).
    #expect(words[0].0 < .milliseconds(150))
    #expect(words[1].0 - words[0].0 > .milliseconds(200))
    #expect(coverageProblems(of: log.words(of: 1), in: text).isEmpty)
  }

  @Test func aRestartAtASentencesLastWordShowsThatWordFirst() throws {
    // A speed change while "it." is heard restarts there: "it." is shown first, then the next sentence.
    let card = AlsaSink(.virtual(speed: 4, canPause: true))
    let log = EventLog()
    let engine = try EspeakSpeechEngine(sink: log, audio: card)
    let text = book("Nor did Alice think it. Oh dear! I shall be late!")
    engine.load(book: text)
    engine.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")
    #expect(log.wait { $0.contains(.willSpeakRange(token: 1, location: 14, length: 5)) })
    engine.startUtterance(token: 2, offset: 20, wpm: 300, voice: "en")
    #expect(log.wait { $0.contains(finishOf: 2) })
    let words = log.words(of: 2)
    #expect(words.map { slice(text, $0) } == ["it.", "Oh", "dear!", "I shall", "be", "late!"])
    #expect(coverageProblems(of: words, in: text, from: 20).isEmpty)
  }

  @Test func theReaderShowsEveryWordInOrderOnThePacedCard() throws {
    // Through the reducer, which ignores a word behind the last one: what the display and the big word show.
    let funnel = EventFunnel<BoxEvent>()
    let engine = try EspeakSpeechEngine(sink: funnel, audio: AlsaSink(.virtual(speed: 4, canPause: true)))
    let runtime = BoxRuntime(
      funnel: funnel,
      effects: EffectHandler(speech: engine, audio: SilentAudioOutput(), store: InMemoryPositionStore()),
      clock: MonotonicClock())
    try funnel.startOnLoopOfItsOwn()
    defer { funnel.stop() }
    let shown = Mutex<[TextSpan]>([])
    let finished = DispatchSemaphore(value: 0)
    runtime.observe { step in
      if let word = step.after.playback.word, word != step.before.playback.word {
        shown.withLock { $0.append(word) }
      }
      if step.after.playback.phase == .finished, step.before.playback.phase != .finished { finished.signal() }
    }
    let sample = CoverageSample.german
    let text = book(String(sample.text.prefix(400)), language: "de")
    runtime.post(.bookOpened(bookID: "b", book: text, saved: nil))
    runtime.post(.playback(.speedChanged(wpm: 300)))
    runtime.post(.playback(.primaryTapped))
    // Waits for the end of the book itself (a minute at most, on a busy machine).
    #expect(finished.wait(timeout: .now() + 60) == .success)
    #expect(runtime.snapshot.playback.phase == .finished)
    let problems = coverageProblems(of: shown.withLock { $0 }, in: text)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
