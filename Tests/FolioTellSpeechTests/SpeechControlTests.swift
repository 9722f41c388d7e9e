import FolioTellCore
import Testing

@testable import FolioTellSpeech

/// The speech engine's rules on their own: what waits, what is live, the two kinds of pause, the tone
/// carried over, and which utterances are reported cancelled. The engine only carries out the orders.
@Suite struct SpeechControlTests {
  typealias Orders = SpeechControl.Orders
  var control = SpeechControl()
  let book = try! SentenceMap(
    sentences: [TextSpan(start: 0, end: 14), TextSpan(start: 15, end: 29)], text: "One two three. Four five six.")

  /// Starts the book at `offset` and lets the worker take it.
  mutating func reading(token: Int = 1, offset: Int = 0) {
    _ = control.start(token: token, offset: offset, wpm: 200, voice: "de")
    _ = control.take()
  }

  @Test mutating func aStartWakesTheWorkerWhichTakesItWithTheBook() throws {
    _ = control.load(book)
    let orders = control.start(token: 1, offset: 15, wpm: 200, voice: "de")
    #expect(orders == Orders(wakeWorker: true))
    #expect(!control.isIdle)
    var next = control.take()
    let (taken, bookRead) = try #require(next)
    #expect(taken == .init(token: 1, offset: 15, wpm: 200, voice: "de"))
    #expect(bookRead == book)
    next = control.take()
    #expect(next == nil)
    #expect(control.live == taken && control.lastRequest == taken)
    #expect(!control.isIdle)
    let wasPausedByStopping = control.utteranceEnded(taken)
    #expect(!wasPausedByStopping)
    #expect(!control.isIdle)
    control.workDone()
    #expect(control.isIdle)
  }

  @Test mutating func aStartReplacingOneThatHadNotStartedCancelsItAndKeepsItsTone() {
    _ = control.start(token: 1, offset: 0, wpm: 175, voice: "en")
    _ = control.earcon(.accepted)
    let orders = control.start(token: 2, offset: 15, wpm: 175, voice: "en")
    #expect(orders == Orders(cancelled: [1], wakeWorker: true))
    #expect(control.request == .init(token: 2, offset: 15, wpm: 175, voice: "en", tone: .accepted))
  }

  @Test mutating func announcementsCountDownAndOneNotStartedIsReplacedWithoutACancel() {
    var orders = control.announce("Menu.", wpm: 175, voice: "en")
    #expect(orders == Orders(wakeWorker: true))
    #expect(control.request?.token == -1)
    orders = control.announce("Books.", wpm: 175, voice: "en")
    #expect(orders == Orders(wakeWorker: true))
    #expect(control.request == .init(token: -2, offset: 0, wpm: 175, voice: "en", announcement: "Books."))
  }

  @Test mutating func anythingNewOverTheLiveUtteranceAbortsItAndSilencesTheDevice() {
    reading(token: 3)
    let orders = control.announce("Faster.", wpm: 200, voice: "de")
    #expect(orders == Orders(dropAudio: true, wakeWorker: true))
    #expect(control.isAborted(3))
    // Its cancel is the worker's to post, once its sound has stopped.
    #expect(control.live?.token == 3)
  }

  @Test mutating func aToneGoesWithWhatWaitsOrAloneButNeverOverSpeech() {
    var orders = control.earcon(.accepted)
    #expect(orders == Orders(wakeWorker: true))
    #expect(control.request == .init(token: -1, offset: 0, wpm: SpeechRate.normal, voice: "en", announcement: "", tone: .accepted))
    _ = control.take()
    control.workDone()
    _ = control.announcementEnded(token: -1)
    reading(token: 4)
    orders = control.earcon(.error)
    #expect(orders == Orders())
    #expect(control.request == nil)
    // Alone after reading: in the voice last read with.
    _ = control.stop(token: 4)
    _ = control.utteranceEnded(control.live!)
    orders = control.earcon(.limit)
    #expect(orders == Orders(wakeWorker: true))
    #expect(control.request?.voice == "de")
  }

  @Test mutating func stopSilencesTheLiveOneCancelsAWaitingOneAndIgnoresOthers() {
    _ = control.start(token: 1, offset: 0, wpm: 175, voice: "en")
    var orders = control.stop(token: 1)
    #expect(orders == Orders(cancelled: [1]))
    #expect(control.request == nil)
    reading(token: 2)
    orders = control.stop(token: 2)
    #expect(orders == Orders(dropAudio: true))
    #expect(control.isAborted(2))
    orders = control.stop(token: 9)
    #expect(orders == Orders())
  }

  @Test mutating func aPauseOnTheDevicePlaysOnWhenResumed() {
    reading(token: 5)
    var paused = control.pauseOnDevice(token: 5)
    #expect(paused)
    // Once only, and never for an utterance that is not live or is being stopped.
    paused = control.pauseOnDevice(token: 5)
    #expect(!paused)
    paused = control.pauseOnDevice(token: 6)
    #expect(!paused)
    let orders = control.resume(token: 5)
    #expect(orders == Orders(resumeAudio: true))
    #expect(control.hardwarePaused == nil)
    _ = control.stop(token: 5)
    paused = control.pauseOnDevice(token: 5)
    #expect(!paused)
  }

  @Test mutating func aPauseByStoppingGoesOnFromTheWordHeardAsTheSameUtterance() throws {
    reading(token: 7, offset: 15)
    control.beginStreaming()
    control.heard(offset: 20)
    let paused = control.pauseOnDevice(token: 7)
    #expect(paused)
    var orders = control.pauseByStopping(token: 7)
    #expect(orders == Orders(dropAudio: true))
    #expect(control.isAborted(7))
    let live = try #require(control.live)
    let wasPausedByStopping = control.utteranceEnded(live)
    #expect(wasPausedByStopping)
    #expect(control.softPause == .init(token: 7, resumeAt: 20))
    orders = control.resume(token: 7)
    #expect(orders == Orders(wakeWorker: true))
    #expect(control.request == .init(token: 7, offset: 20, wpm: 200, voice: "de", isContinuation: true))
  }

  @Test mutating func aPauseByStoppingWithNoWordHeardGoesOnFromWhereItStarted() throws {
    reading(token: 7, offset: 15)
    control.beginStreaming()
    _ = control.pauseByStopping(token: 7)
    let wasPausedByStopping = control.utteranceEnded(try #require(control.live))
    #expect(wasPausedByStopping)
    #expect(control.softPause?.resumeAt == 15)
  }

  @Test mutating func anythingNewDuringAPauseByStoppingCancelsThePausedUtterance() throws {
    reading(token: 7)
    _ = control.pauseByStopping(token: 7)
    _ = control.utteranceEnded(try #require(control.live))
    let orders = control.announce("Chapter two.", wpm: 200, voice: "de")
    #expect(orders == Orders(cancelled: [7], wakeWorker: true))
    #expect(control.softPause == nil)
  }

  @Test mutating func aStopOfThePausedUtteranceCancelsIt() throws {
    reading(token: 7)
    _ = control.pauseByStopping(token: 7)
    _ = control.utteranceEnded(try #require(control.live))
    // A tone over the pause is dropped.
    var orders = control.earcon(.accepted)
    #expect(orders == Orders())
    orders = control.stop(token: 7)
    #expect(orders == Orders(cancelled: [7]))
    #expect(control.softPause == nil)
    // A resume with nothing paused asks the device to play on, which does nothing.
    orders = control.resume(token: 7)
    #expect(orders == Orders(resumeAudio: true))
  }

  @Test mutating func aNewBookStopsReadingButNotAnAnnouncement() {
    _ = control.announce("Opening Emma.", wpm: 175, voice: "en")
    var orders = control.load(book)
    #expect(orders == Orders())
    _ = control.take()
    orders = control.load(book)
    #expect(orders == Orders())
    #expect(!control.isAborted(-1))
    control.workDone()
    _ = control.announcementEnded(token: -1)
    reading(token: 2)
    orders = control.load(book)
    #expect(orders == Orders(dropAudio: true))
    #expect(control.isAborted(2))
  }

  @Test mutating func anAnnouncementIsFinishedOnlyWhenNothingCutItOff() {
    _ = control.announce("Menu.", wpm: 175, voice: "en")
    _ = control.take()
    var finished = control.announcementEnded(token: -1)
    #expect(finished)
    #expect(control.isQuiet)
    _ = control.announce("Books.", wpm: 175, voice: "en")
    _ = control.take()
    _ = control.announce("Settings.", wpm: 175, voice: "en")
    finished = control.announcementEnded(token: -2)
    #expect(!finished)
    #expect(!control.isAborted(-2))
    #expect(control.isWaiting)
  }

  @Test mutating func thePitchIsKeptWithinWhatEspeakTakes() {
    control.setPitch(140)
    #expect(control.pitch == 99)
    control.setPitch(-3)
    #expect(control.pitch == 0)
  }
}
