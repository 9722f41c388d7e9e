import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellSpeech

/// Narration played by the real engine into a WAV file: clips decoded by FFmpeg from files made at test
/// time, to the sample, at other speeds with the pitch kept, and a missing file read by the voice instead.
@Suite(.serialized) struct NarrationPlaybackTests {
  static let rate = 22_050

  /// A talking book of `clips`, one phrase each, with `words` as the phrases' text.
  func narratedBook(_ phrases: [(words: String, clip: NarrationClip)]) throws -> SentenceMap {
    var text = ""
    var spans: [TextSpan] = []
    for phrase in phrases {
      if !text.isEmpty { text += "\n\n" }
      let start = text.unicodeScalars.count
      text += phrase.words
      spans.append(TextSpan(start: start, end: text.unicodeScalars.count))
    }
    var book = try SentenceMap(sentences: spans, text: text)
    book.clips = phrases.map(\.clip)
    return book
  }

  func play(_ book: SentenceMap, from offset: Int = 0, wpm: Int = SpeechRate.normal) throws -> (WavFile, EventLog) {
    let path = NarrationFixtures.folder() + "/out.wav"
    let log = EventLog()
    let engine = try EspeakSpeechEngine(sink: log, audio: WavFileSink(path: path))
    engine.load(book: book)
    engine.startUtterance(token: 1, offset: offset, wpm: wpm, voice: "en")
    #expect(log.wait { $0.contains(finishOf: 1) })
    return (try WavFile(path: path), log)
  }

  @Test func aClipIsPlayedToTheSampleFromItsBeginToItsEnd() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let tone = NarrationFixtures.folder() + "/tone.wav"
    try NarrationFixtures.toneWAV(seconds: 6, to: tone)
    let book = try narratedBook([("A part of a tone", NarrationClip(file: tone, begin: 1.0, end: 2.5))])
    let (wav, log) = try play(book)
    // 1.5 s at 22050 Hz, less the fade-in's first samples, which are still written.
    #expect(abs(wav.samples.count - 33_075) <= 2, "\(wav.samples.count) samples")
    #expect(log.words(of: 1) == [book.sentences[0]], "the phrase is shown whole as it is heard")
    #expect(abs(NarrationFixtures.crossingsPerSecond(wav.samples[2000...]) - 880) < 10)
  }

  @Test func phrasesOfOneFilePlayOnWithoutAGapAndAreShownInTurn() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let tone = NarrationFixtures.folder() + "/tone.wav"
    try NarrationFixtures.toneWAV(seconds: 3, to: tone)
    let book = try narratedBook([
      ("First", NarrationClip(file: tone, begin: 0, end: 1)), ("Second", NarrationClip(file: tone, begin: 1, end: 2)),
      ("Third", NarrationClip(file: tone, begin: 2, end: 3)),
    ])
    let (wav, log) = try play(book)
    #expect(abs(wav.samples.count - 3 * Self.rate) <= 3, "\(wav.samples.count)")
    #expect(log.words(of: 1) == book.sentences)
    // No sample of the tone lost or doubled where one phrase meets the next: the pitch holds across.
    for boundary in [Self.rate, 2 * Self.rate] {
      let around = wav.samples[(boundary - 2205)..<(boundary + 2205)]
      #expect(abs(NarrationFixtures.crossingsPerSecond(around) - 880) < 12)
    }
  }

  @Test func startingInTheMiddlePlaysFromThatPhrase() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let folder = NarrationFixtures.folder()
    let texts = ["The harbour lay still under a grey sky.", "The wind rose in the night.", "The keeper slept."]
    var phrases: [(String, NarrationClip)] = []
    var lengths: [Double] = []
    for (index, words) in texts.enumerated() {
      try NarrationFixtures.mp3(words, to: folder + "/\(index).mp3")
      try NarrationFixtures.speech(words, to: folder + "/\(index).wav")
      lengths.append(NarrationFixtures.duration(of: folder + "/\(index).wav"))
      phrases.append((words, NarrationClip(file: folder + "/\(index).mp3", begin: 0, end: lengths[index])))
    }
    let book = try narratedBook(phrases)
    let (wav, log) = try play(book, from: book.sentences[1].start)
    #expect(log.words(of: 1) == Array(book.sentences[1...]))
    let heard = Double(wav.samples.count) / Double(Self.rate)
    #expect(abs(heard - (lengths[1] + lengths[2])) < 0.1, "\(heard) s")
  }

  @Test func fasterNarrationIsShorterAtTheSamePitch() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let tone = NarrationFixtures.folder() + "/tone.mp3"
    try NarrationFixtures.tone(seconds: 4, hertz: 300, to: tone)
    let book = try narratedBook([("A tone", NarrationClip(file: tone, begin: 0, end: 4))])
    let (normal, _) = try play(book)
    let (double, _) = try play(book, wpm: 2 * SpeechRate.normal)
    #expect(abs(Double(normal.samples.count) / Double(Self.rate) - 4) < 0.05)
    #expect(abs(Double(double.samples.count) / Double(Self.rate) - 2) < 0.05, "\(double.samples.count)")
    let pitch = NarrationFixtures.crossingsPerSecond(double.samples[4000..<40000])
    #expect(abs(pitch - 600) < 15, "a 300 Hz tone at twice the speed still crosses zero \(pitch) times a second")
  }

  @Test func aMissingNarrationFileIsReadByTheVoiceInstead() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let tone = NarrationFixtures.folder() + "/tone.wav"
    try NarrationFixtures.toneWAV(seconds: 1, to: tone)
    let book = try narratedBook([
      ("Lost narration here.", NarrationClip(file: "/no/such/narration.mp3", begin: 0, end: 2)),
      ("A tone", NarrationClip(file: tone, begin: 0, end: 1)),
    ])
    let (wav, log) = try play(book)
    let words = log.words(of: 1).map { slice(book, $0) }
    #expect(words == ["Lost", "narration", "here.", "A tone"])
    #expect(wav.samples.count > Self.rate + Self.rate / 2)
  }
}
