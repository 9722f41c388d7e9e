import FolioTellCore
import FolioTellTestSupport
import Foundation
import Synchronization
import Testing

@testable import FolioTellRuntime

/// The whole runtime on a virtual clock, with the given engine: a test posts events, runs the clock,
/// and reads the state and what the adapters were asked to do.
final class Harness: Sendable {
  let clock = VirtualClock()
  let funnel = EventFunnel<BoxEvent>()
  let store: TestPositionStore
  let audio = SilentAudioOutput()
  let runtime: BoxRuntime
  let steps = Mutex<[BoxStep]>([])

  init(store: TestPositionStore = TestPositionStore(), engine makeEngine: (Harness.Parts) -> any SpeechEngine) {
    self.store = store
    let engine = makeEngine(Parts(sink: funnel, scheduler: clock))
    runtime = BoxRuntime(
      funnel: funnel, effects: EffectHandler(speech: engine, audio: audio, store: store), clock: clock)
    runtime.observe { [weak self] step in self?.steps.withLock { $0.append(step) } }
  }

  struct Parts {
    let sink: any EventSink
    let scheduler: any TimerScheduler
  }

  var state: BoxState { runtime.snapshot }
  var playback: PlaybackState { runtime.snapshot.playback }

  func send(_ event: PlaybackEvent) {
    funnel.post(.playback(event))
    funnel.drain()
  }

  /// Runs timers in order up to `time`, handling each one's events before the next fires.
  func run(until time: Double) {
    funnel.drain()
    while clock.fireNext(notAfter: time) { funnel.drain() }
    clock.advance(to: time)
    funnel.drain()
  }

  /// Runs until the book is finished (or nothing is left to run).
  func runToEnd(limit: Int = 1_000_000) {
    funnel.drain()
    var fired = 0
    while playback.phase != .finished, fired < limit, clock.fireNext() {
      funnel.drain()
      fired += 1
    }
  }

  /// Every word the listener heard, in order, as offsets.
  var heardOffsets: [Int] {
    steps.withLock { steps in
      steps.compactMap { step in
        guard case .playback(.willSpeakRange) = step.event, step.after.playback.word != step.before.playback.word
        else { return nil }
        return step.after.playback.word?.start
      }
    }
  }
}

enum SampleText {
  static let text = "One two three. Four five six. Seven eight nine."
  static var book: SentenceMap {
    try! SentenceMap(
      sentences: [TextSpan(start: 0, end: 14), TextSpan(start: 15, end: 29), TextSpan(start: 30, end: 47)], text: text)
  }
  static let wordStarts = [0, 4, 8, 15, 20, 25, 30, 36, 42]
}
