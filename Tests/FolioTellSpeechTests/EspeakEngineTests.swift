import FolioTellBooks
import FolioTellCore
import FolioTellRuntime
import FolioTellTestSupport
import Foundation
import Synchronization
import Testing

@testable import FolioTellSpeech

/// The real libespeak-ng, writing to outputs that need no sound card.
@Suite(.serialized) struct EspeakEngineTests {
  func engine(_ audio: any PCMSink, _ options: EspeakSpeechEngine.Options = .init()) throws -> (
    EspeakSpeechEngine, EventLog
  ) {
    let log = EventLog()
    return (try EspeakSpeechEngine(sink: log, audio: audio, options: options), log)
  }

  func heardWords(_ text: String, voice: String) throws -> [String] {
    let (engine, log) = try engine(NullSink())
    let book = book(text)
    engine.load(book: book)
    engine.startUtterance(token: 1, offset: 0, wpm: 300, voice: voice)
    #expect(log.wait { $0.contains(finishOf: 1) })
    return log.words(of: 1).map { slice(book, $0) }
  }

  @Test func englishWordsLandOnTheirOwnOffsets() throws {
    #expect(
      try heardWords("The quick brown fox. It jumps over the dog!", voice: "en")
        == ["The", "quick", "brown", "fox.", "It", "jumps", "over", "the", "dog!"])
  }

  @Test func aWordEspeakSaysWithTheOneBeforeIsHighlightedWithIt() throws {
    // espeak-ng reports no word event for "the" after "on": "on the" is one word to the listener.
    #expect(try heardWords("She sat on the bank.", voice: "en") == ["She", "sat", "on the", "bank."])
  }

  @Test func germanWordsWithUmlautsLandOnTheirOwnOffsets() throws {
    #expect(
      try heardWords("Grüße aus München. Das Mädchen läuft schnell.", voice: "de")
        == ["Grüße", "aus", "München.", "Das", "Mädchen", "läuft", "schnell."])
  }

  @Test func russianWordsLandOnTheirOwnOffsets() throws {
    #expect(
      try heardWords("Привет, мир. Как дела сегодня?", voice: "ru") == ["Привет,", "мир.", "Как", "дела", "сегодня?"])
  }

  @Test func emojiAndComposedAccentsDoNotShiftLaterWords() throws {
    let words = try heardWords("Café 🙂 ouvert. Voilà tout.", voice: "fr")
    #expect(words.first == "Café")
    #expect(words.suffix(3) == ["ouvert.", "Voilà", "tout."])
  }

  @Test func decomposedAccentsInTheBookItselfDoNotShiftLaterWords() throws {
    // The book keeps its decomposed text (e + combining acute); the engine composes what it speaks.
    let text = "Cafe\u{301} ouvert. Voila\u{300} tout de\u{301}ja\u{300}."
    let book = try SentenceMap(
      sentences: SentenceSegmenter.sentences(in: text, language: "fr"), text: text)
    let (engine, log) = try engine(NullSink())
    engine.load(book: book)
    engine.startUtterance(token: 1, offset: 0, wpm: 300, voice: "fr")
    #expect(log.wait { $0.contains(finishOf: 1) })
    #expect(
      log.words(of: 1).map { slice(book, $0) } == [
        "Cafe\u{301}", "ouvert.", "Voila\u{300}", "tout", "de\u{301}ja\u{300}.",
      ])
  }

  @Test func wordsArriveAsTheyAreHeardNotAsTheyAreSynthesized() throws {
    let (engine, log) = try engine(AlsaSink(.virtual(speed: 1, canPause: true)))
    engine.load(book: book("One two three four five six seven eight nine ten."))
    engine.startUtterance(token: 1, offset: 0, wpm: 250, voice: "en")
    #expect(log.wait { $0.contains(finishOf: 1) })
    let words = log.timed.filter { if case .willSpeakRange = $0.event { return true } else { return false } }
    #expect(words.count == 10)
    // Ten words at 250 wpm take about two seconds to say; synthesis takes a few milliseconds.
    let spread = try #require(words.last?.time) - (try #require(words.first?.time))
    #expect(spread > .milliseconds(1500))
    #expect(spread < .milliseconds(4000))
  }

  @Test func aVoiceGivenByIdentifierGetsItsLanguagesTextFixes() throws {
    #expect(try Espeak.shared().language(ofVoice: "gmw/en-029") == "en-029")
    #expect(try Espeak.shared().language(ofVoice: "English (Caribbean)") == "en-029")
    #expect(try Espeak.shared().language(ofVoice: "gmw/de") == "de")
    #expect(try Espeak.shared().language(ofVoice: "xx-unknown") == "xx-unknown")
  }

  @Test func everyCallbackCarriesItsOwnUtterancesToken() throws {
    let (engine, log) = try engine(AlsaSink(.virtual(speed: 4, canPause: true)))
    let book = book("One two three four five six seven. Eight nine ten eleven twelve.")
    engine.load(book: book)
    engine.startUtterance(token: 1, offset: 0, wpm: 200, voice: "en")
    #expect(log.wait { $0.contains(.willSpeakRange(token: 1, location: 4, length: 3)) })
    engine.startUtterance(token: 2, offset: 35, wpm: 200, voice: "en")
    #expect(log.wait { $0.contains(finishOf: 2) })
    let events = log.all
    let cancel = try #require(events.firstIndex(of: .utteranceDidCancel(token: 1)))
    #expect(events[(cancel + 1)...].allSatisfy { $0.engineToken == 2 })
    #expect(events.filter { $0 == .utteranceDidStart(token: 2) }.count == 1)
    #expect(log.words(of: 2).map { slice(book, $0) } == ["Eight", "nine", "ten", "eleven", "twelve."])
    #expect(log.words(of: 1).allSatisfy { $0.start < 35 })
  }

  @Test func afterAStopNoSampleReachesTheDevice() throws {
    let card = AlsaSink(.virtual(speed: 2, canPause: true))
    let (engine, log) = try engine(card)
    engine.load(book: book("A long sentence that keeps going for quite a while, on and on, without stopping soon."))
    card.record(true)
    engine.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")
    #expect(log.wait { $0.contains(.willSpeakRange(token: 1, location: 2, length: 4)) })
    engine.stop(token: 1)
    #expect(log.wait { $0.contains(cancelOf: 1) })
    let heardAtCancel = card.recordedCount
    #expect(heardAtCancel > 0)
    Thread.sleep(forTimeInterval: 0.3)
    #expect(card.recordedCount == heardAtCancel)
    #expect(!log.all.contains(finishOf: 1))
  }

  @Test func afterAJumpNoSampleOfTheOldUtteranceIsWrittenOrHeard() throws {
    let card = AlsaSink(.virtual(speed: 2, canPause: true))
    let writes = WriteLog(card)
    let (engine, log) = try engine(writes)
    let text = book("Many words come first in this opening sentence of the test. Then the second one.")
    engine.load(book: text)
    card.record(true)
    engine.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")
    #expect(log.wait { $0.contains(.willSpeakRange(token: 1, location: 5, length: 5)) })
    let replaced = ContinuousClock.now
    engine.startUtterance(token: 2, offset: 60, wpm: 175, voice: "en")
    let heardWhenReplaced = card.recordedCount
    #expect(log.wait { $0.contains(finishOf: 2) })
    let cancelled = try #require(log.timed.first { $0.event == .utteranceDidCancel(token: 1) }?.time)
    let started = try #require(log.timed.first { $0.event == .utteranceDidStart(token: 2) }?.time)
    #expect(cancelled <= started)
    // No write began after the replacement until the old utterance's cancel was posted.
    #expect(writes.starts.filter { $0 > replaced && $0 < cancelled }.isEmpty)
    // What the card played from the replacement on: at most 1 ms of the old sentence and its 2 ms fade,
    // then the new utterance, which opens with silence; not the middle of the old sentence.
    let after = card.recordedSamples(from: heardWhenReplaced)
    #expect(after.count > 20_000)
    #expect(after[110..<250].allSatisfy { $0 == 0 }, "the old utterance went on after its fade")
    #expect(log.words(of: 2).map { slice(text, $0) } == ["Then", "the", "second", "one."])
  }

  @Test func pauseAndResumeGoOnAtTheSameWord() throws {
    let card = AlsaSink(.virtual(speed: 2, canPause: true))
    let (engine, log) = try engine(card)
    let text = book("Alpha bravo charlie delta echo foxtrot golf hotel india juliet.")
    engine.load(book: text)
    engine.startUtterance(token: 1, offset: 0, wpm: 200, voice: "en")
    #expect(log.wait { $0.contains(.willSpeakRange(token: 1, location: 6, length: 5)) })
    engine.pause(token: 1)
    #expect(log.wait { $0.contains(.pauseResolved(token: 1)) })
    let wordsWhenPaused = log.words(of: 1).count
    Thread.sleep(forTimeInterval: 0.4)
    #expect(log.words(of: 1).count == wordsWhenPaused)
    engine.resume(token: 1)
    #expect(log.wait { $0.contains(finishOf: 1) })
    let words = log.words(of: 1).map { slice(text, $0) }
    #expect(words == ["Alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet."])
  }

  @Test func aCardThatCannotPauseStopsAtTheWordAndGoesOnFromIt() throws {
    let card = AlsaSink(.virtual(speed: 2, canPause: false))
    let (engine, log) = try engine(card)
    let text = book("Alpha bravo charlie delta echo foxtrot golf hotel india juliet.")
    engine.load(book: text)
    engine.startUtterance(token: 1, offset: 0, wpm: 200, voice: "en")
    #expect(log.wait { $0.contains(.willSpeakRange(token: 1, location: 12, length: 7)) })
    engine.pause(token: 1)
    #expect(log.wait { $0.contains(.pauseResolved(token: 1)) })
    #expect(!log.all.contains(cancelOf: 1))
    let lastBeforePause = try #require(log.words(of: 1).last)
    engine.resume(token: 1)
    #expect(log.wait { $0.contains(finishOf: 1) })
    let words = log.words(of: 1)
    // The word the listener was on is said again, whole; nothing is skipped, and no new start is announced.
    let afterResume = Array(words.drop { $0 != lastBeforePause }.dropFirst())
    #expect(afterResume.first == lastBeforePause)
    #expect(slice(text, words.last!) == "juliet.")
    #expect(log.all.filter { $0 == .utteranceDidStart(token: 1) }.count == 1)
  }

  @Test func aMissingVoiceIsAnEngineFailureNamingIt() throws {
    let (engine, log) = try engine(NullSink())
    engine.load(book: book("Hello."))
    engine.startUtterance(token: 3, offset: 0, wpm: 175, voice: "klingon-xx")
    #expect(log.wait { $0.contains { if case .engineFailed(3, _) = $0 { return true } else { return false } } })
    let reason = log.all.compactMap { if case .engineFailed(_, let reason) = $0 { return reason } else { return nil } }
    #expect(reason.first?.contains("no espeak-ng voice or language called 'klingon-xx'") == true)
  }

  @Test func aMissingSoundCardIsAnEngineFailureThatSaysWhatToDo() throws {
    let (engine, log) = try engine(AlsaSink(.named("hw:97,0")))
    engine.load(book: book("Hello."))
    engine.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")
    #expect(log.wait { $0.contains { $0.engineToken == 1 && $0.name == "engineFailed" } })
    let reason = log.all.compactMap { if case .engineFailed(_, let reason) = $0 { return reason } else { return nil } }
    #expect(reason.first?.contains("cannot open the sound device 'hw:97,0'") == true)
  }

  @Test func anAnnouncementIsHeardWithoutWordEventsAndTheNextUtteranceCutsIt() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("menu-\(UUID().uuidString).wav").path
    let wav = WavFileSink(path: path)
    let (engine, log) = try engine(wav)
    engine.announce("Books. 1 of 4.", wpm: 175, voice: "en")
    // Loading a book does not cut it short ("Opening Emma." while Emma is read in).
    engine.load(book: book("A sentence to read after the menu."))
    let deadline = Date().addingTimeInterval(10)
    while wav.duration < 0.8, Date() < deadline { usleep(20_000) }
    #expect(wav.duration > 0.8, "the announcement was heard: \(wav.duration) s")
    #expect(log.all.isEmpty)
    engine.startUtterance(token: 1, offset: 0, wpm: 300, voice: "en")
    #expect(log.wait { $0.contains(finishOf: 1) })
    #expect(!log.words(of: 1).isEmpty)
    #expect(log.all.allSatisfy { ($0.engineToken ?? 1) > 0 }, "no event carries an announcement's token")
  }

  /// What an announcement sounds like, alone in a WAV file.
  func announced(_ text: String, voice: String, languages: [LanguagePassage] = []) throws -> [Int16] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("said-\(UUID().uuidString).wav").path
    let (engine, log) = try engine(WavFileSink(path: path))
    engine.announce(text, wpm: 175, voice: voice, languages: languages)
    #expect(log.waitForAnnouncements())
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try WavFile(path: path).samples
  }

  @Test func anAnnouncementSaysEachLanguagesRunWithAVoiceOfItsLanguageWithNoGap() throws {
    // A German box naming an English book: "Bücher. " and "1 von 2." in German, "Emma. " in English.
    let languages = [
      LanguagePassage(start: 0, language: "de"), LanguagePassage(start: 8, language: "en"),
      LanguagePassage(start: 14, language: "de"),
    ]
    let (engine, _) = try engine(NullSink())
    let request = SpeechControl.Request(
      token: -1, offset: 0, wpm: 175, voice: "de", announcement: "Bücher. Emma. 1 von 2.", languages: languages)
    let runs = engine.languageRuns(of: "Bücher. Emma. 1 von 2.", request)
    #expect(runs.map { String(String.UnicodeScalarView($0.scalars)) } == ["Bücher. ", "Emma. ", "1 von 2."])
    #expect(runs[0].voice == "de" && runs[2].voice == "de")
    let englishVoice = try #require(EspeakSpeechEngine.voice(forLanguage: "en", among: Espeak.shared().voices()))
    #expect(runs[1].voice == englishVoice)
    // An English voice asked for an English box's words keeps it; a run in its own language is not cut.
    let own = SpeechControl.Request(
      token: -1, offset: 0, wpm: 175, voice: "en-gb", announcement: "Menu.",
      languages: [LanguagePassage(start: 0, language: "en")])
    #expect(engine.languageRuns(of: "Menu.", own).map(\.voice) == ["en-gb"])

    // Heard one after the other with no gap: about as long as the three said alone (espeak-ng's noise
    // source and its pauses at a text's end make them differ a little).
    let mixed = try announced("Bücher. Emma. 1 von 2.", voice: "de", languages: languages)
    let parts = try announced("Bücher. ", voice: "de").count
      + (try announced("Emma. ", voice: "de", languages: [LanguagePassage(start: 0, language: "en")])).count
      + (try announced("1 von 2.", voice: "de")).count
    #expect(mixed.count > 22_050, "about two seconds said: \(mixed.count) samples")
    #expect(abs(mixed.count - parts) < parts / 10, "\(mixed.count) samples, the parts \(parts)")
  }

  @Test func theWavOutputIsValidAndAsLongAsTheSpeech() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("say-\(UUID().uuidString).wav").path
    let wav = WavFileSink(path: path)
    let (engine, log) = try engine(wav)
    engine.load(book: book("This sentence is about three seconds long when it is spoken at the normal rate."))
    engine.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")
    #expect(log.wait { $0.contains(finishOf: 1) })
    let file = try WavFile(path: path)
    #expect(file.sampleRate == 22050)
    #expect(file.channels == 1)
    #expect(abs(Double(file.samples.count) / 22050 - wav.duration) < 0.001)
    // As long as espeak-ng's own WAV of the same sentence (its noise source makes them differ slightly).
    let reference = FileManager.default.temporaryDirectory.appendingPathComponent("ref-\(UUID().uuidString).wav").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
    process.arguments = [
      "-v", "en", "-s", "175", "-w", reference,
      "This sentence is about three seconds long when it is spoken at the normal rate.",
    ]
    try process.run()
    process.waitUntilExit()
    let expected = Double(try WavFile(path: reference).samples.count) / 22050
    #expect(abs(wav.duration - expected) < 0.25, "ours \(wav.duration) s, espeak-ng's \(expected) s")
    #expect(file.samples.contains { abs(Int($0)) > 1000 })
  }

  @Test func aWavFileStopsAtItsSizeLimitWithAClearReason() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("limit-\(UUID().uuidString).wav").path
    let (engine, log) = try engine(WavFileSink(path: path, maximumDataBytes: 20_000))
    engine.load(book: book("This sentence is far longer than ten thousand samples of audio can hold."))
    engine.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")
    #expect(log.wait { $0.contains { $0.name == "engineFailed" } })
    let reason = log.all.compactMap { if case .engineFailed(_, let reason) = $0 { return reason } else { return nil } }
    #expect(reason.first?.contains("a WAV file holds at most 4 GiB") == true)
    #expect(try WavFile(path: path).samples.count <= 10_000)
  }

  @Test func theVoiceListHasTheLanguagesTheBoxReads() throws {
    let voices = try Espeak.shared().voices()
    let languages = Set(voices.flatMap(\.languages))
    for language in ["en", "de", "fr", "es", "ru"] { #expect(languages.contains(language)) }
  }
}

/// Passes writes on to a sink, remembering when each began.
final class WriteLog: PCMSink, @unchecked Sendable {
  let inner: any PCMSink
  private let lock = NSLock()
  private var startTimes: [ContinuousClock.Instant] = []
  init(_ inner: any PCMSink) { self.inner = inner }
  var starts: [ContinuousClock.Instant] { lock.withLock { startTimes } }
  var label: String { inner.label }
  var isPaced: Bool { inner.isPaced }
  var canPause: Bool { inner.canPause }
  var underruns: Int { inner.underruns }
  func begin(sampleRate: Int) throws(AudioError) { try inner.begin(sampleRate: sampleRate) }
  func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    lock.withLock { startTimes.append(.now) }
    return try inner.write(samples)
  }
  func queuedFrames() -> Int { inner.queuedFrames() }
  func drop() { inner.drop() }
  func pause(resolved: @escaping @Sendable () -> Void) -> Bool { inner.pause(resolved: resolved) }
  func resume() { inner.resume() }
  func end() { inner.end() }
}

/// Reads back a 16-bit mono PCM WAV file, checking its header.
struct WavFile {
  var sampleRate: Int
  var channels: Int
  var samples: [Int16]

  struct Invalid: Error {}

  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let bytes = [UInt8](data)
    func u32(_ at: Int) -> Int {
      Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    guard bytes.count >= 44, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
      String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ", u16(20) == 1, u16(34) == 16,
      String(decoding: bytes[36..<40], as: UTF8.self) == "data", u32(4) == bytes.count - 8, u32(40) == bytes.count - 44
    else { throw Invalid() }
    sampleRate = u32(24)
    channels = u16(22)
    samples = stride(from: 44, to: bytes.count - 1, by: 2).map {
      Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
    }
  }
}

/// The engine driving the real reducer through the runtime.
@Suite(.serialized) struct EspeakRuntimeTests {
  func runtime(_ card: AlsaSink) throws -> (BoxRuntime, EventFunnel<BoxEvent>) {
    let funnel = EventFunnel<BoxEvent>()
    let engine = try EspeakSpeechEngine(sink: funnel, audio: card)
    let runtime = BoxRuntime(
      funnel: funnel,
      effects: EffectHandler(speech: engine, audio: SilentAudioOutput(), store: InMemoryPositionStore()),
      clock: MonotonicClock())
    try funnel.startOnLoopOfItsOwn()
    return (runtime, funnel)
  }

  func waitFor(_ runtime: BoxRuntime, seconds: Double = 20, _ condition: (BoxState) -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if condition(runtime.snapshot) { return true }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return condition(runtime.snapshot)
  }

  @Test func aSpeedChangeMidSentenceRestartsAtTheWordBeingSpoken() throws {
    let (runtime, funnel) = try runtime(AlsaSink(.virtual(speed: 2, canPause: true)))
    defer { funnel.stop() }
    let firstWords = Mutex<[Int: Int]>([:])
    let shownAfterRestart = Mutex<[TextSpan]>([])
    runtime.observe { step in
      if case .playback(.willSpeakRange(let token, let location, _)) = step.event, step.after.playback.word != nil {
        firstWords.withLock { if $0[token] == nil { $0[token] = location } }
      }
      if let word = step.after.playback.word, word != step.before.playback.word,
        step.after.playback.utteranceToken == 2
      {
        shownAfterRestart.withLock { $0.append(word) }
      }
    }
    let text = book("Alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima.")
    runtime.post(.bookOpened(bookID: "b", book: text, saved: nil))
    runtime.post(.playback(.primaryTapped))
    #expect(waitFor(runtime) { $0.playback.offset >= 20 })
    runtime.post(.playback(.speedChanged(wpm: 300)))
    #expect(waitFor(runtime) { $0.playback.utteranceToken == 2 })
    let restartedAt = try #require(runtime.snapshot.playback.phase.liveUtterance?.startOffset)
    #expect(restartedAt >= 20)
    #expect(waitFor(runtime) { $0.playback.phase == .finished })
    // The new utterance's first word heard is the word that was being spoken, said again at the new rate.
    #expect(firstWords.withLock { $0[2] } == restartedAt)
    #expect(text.scalars[restartedAt - 1] == " ")
    // From there on every word is shown, in order.
    #expect(coverageProblems(of: shownAfterRestart.withLock { $0 }, in: text, from: restartedAt).isEmpty)
  }

  @Test func anUnpluggedCardFailsTheUtteranceAndAPlugBackInSpeaksAgain() throws {
    let card = AlsaSink(.virtual(speed: 2, canPause: true))
    let (runtime, funnel) = try runtime(card)
    defer { funnel.stop() }
    let text = book("One two three four five six seven eight nine ten eleven twelve.")
    runtime.post(.bookOpened(bookID: "b", book: text, saved: nil))
    runtime.post(.playback(.primaryTapped))
    #expect(waitFor(runtime) { $0.playback.offset >= 8 })
    card.unplugVirtualCard()
    #expect(waitFor(runtime) { $0.playback.failure != nil })
    let state = runtime.snapshot.playback
    #expect(state.phase == .idle)
    #expect(state.failure?.contains("stopped working") == true)
    #expect(state.failure?.contains("unplugged") == true)
    let place = state.offset
    #expect(place >= 8)
    runtime.post(.playback(.primaryTapped))
    #expect(waitFor(runtime) { $0.playback.phase == .finished })
    #expect(runtime.snapshot.playback.failure == nil)
  }
}
