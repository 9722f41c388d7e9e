import FolioTellCore
import FolioTellRuntime
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellStore

/// The whole runtime writing to the real store, then a restart (clean, or after a power cut).
@Suite struct RestartTests {
  static let text = "One two three. Four five six. Seven eight nine."
  static let book = try! SentenceMap(
    sentences: [TextSpan(start: 0, end: 14), TextSpan(start: 15, end: 29), TextSpan(start: 30, end: 47)], text: text)

  final class RunningBox {
    let funnel = EventFunnel<BoxEvent>()
    let clock = VirtualClock()
    let store: LogStore
    let runtime: BoxRuntime

    init(directory: String, settings: Settings? = nil) throws {
      store = try LogStore(directory: directory, options: fixedClock())
      var initial = BoxState()
      if let settings = settings ?? store.settings {
        initial.playback = PlaybackState(wpm: settings.wpm, voice: settings.voice)
      }
      runtime = BoxRuntime(
        funnel: funnel, initial: initial,
        effects: EffectHandler(speech: RecordingSpeechEngine(), audio: SilentAudioOutput(), store: store), clock: clock)
    }

    func send(_ event: PlaybackEvent, at time: Double) {
      clock.advance(to: time)
      funnel.post(.playback(event))
      funnel.drain()
    }

    func open() {
      runtime.open(
        bookID: BookIdentity.id(forContent: Array(RestartTests.text.utf8)), book: RestartTests.book,
        path: "/books/three.txt")
      funnel.drain()
    }
  }

  @Test func aRestartRestoresTheBookThePlaceTheSpeedAndTheVoice() throws {
    let directory = temporaryDirectory()
    do {
      let box = try RunningBox(directory: directory)
      box.open()
      box.send(.primaryTapped, at: 1)
      box.send(.willSpeakRange(token: 1, location: 15, length: 4), at: 3)
      box.send(.speedChanged(wpm: 250), at: 4)
      box.send(.voiceChanged(voice: "en-gb"), at: 5)
      box.send(.willSpeakRange(token: 3, location: 20, length: 4), at: 6)
      box.send(.primaryTapped, at: 7)
      box.send(.pauseResolved(token: 3), at: 7.1)
    }
    let box = try RunningBox(directory: directory)
    let lastBook = try #require(box.store.lastOpenBook)
    #expect(lastBook.path == "/books/three.txt")
    #expect(lastBook.bookID == BookIdentity.id(forContent: Array(Self.text.utf8)))
    box.open()
    let playback = box.runtime.snapshot.playback
    // The kept word is 20; reading goes on from its sentence's start (ResumePlace), and the place kept
    // stays the word until reading moves on.
    #expect(playback.offset == 15)
    #expect(box.runtime.snapshot.position.current?.offset == 20)
    #expect(playback.sentenceIndex == 1)
    #expect(playback.wpm == 250)
    #expect(playback.voice == "en-gb")
  }

  @Test func aPowerCutAtAnyByteRestoresAPlaceThatWasSaved() throws {
    let directory = temporaryDirectory()
    do {
      let box = try RunningBox(directory: directory)
      box.open()
      box.send(.primaryTapped, at: 0)
      var time = 0.0
      var token = 1
      // Ten minutes of listening, jumping back now and then, pausing and going on.
      for minute in 0..<10 {
        for location in [0, 4, 8, 15, 20, 25, 30, 36, 42] {
          time += 2
          box.send(.willSpeakRange(token: token, location: location, length: 3), at: time)
        }
        box.send(minute % 3 == 0 ? .jumpToPreviousSentenceTapped : .startOverTapped, at: time + 0.5)
        token += 1
      }
      box.send(.stopTapped, at: time + 1)
    }
    let segment = directory + "/segment-00000001.log"
    let whole = bytes(segment)
    let records = Framing.scan(whole).records
    #expect(records.count > 10)
    let offsets = Set(
      records.compactMap { found -> Int? in
        if case .position(let position)? = found.record { return position.offset }
        return nil
      })
    for cut in stride(from: 0, through: whole.count, by: 1) {
      let copy = temporaryDirectory("cut")
      write(Array(whole[0..<cut]), to: copy + "/segment-00000001.log")
      let store = try LogStore(directory: copy, options: fixedClock())
      let restored = try store.load(bookID: BookIdentity.id(forContent: Array(Self.text.utf8)))?.offset ?? 0
      #expect(restored == 0 || offsets.contains(restored), "cut at \(cut)")
      try? FileManager.default.removeItem(atPath: copy)
    }
    let final = try LogStore(directory: directory, options: fixedClock())
    #expect(try final.load(bookID: BookIdentity.id(forContent: Array(Self.text.utf8))) != nil)
  }
}
