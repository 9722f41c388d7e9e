import FolioTellAppliance
import FolioTellBooks
import FolioTellCore
import FolioTellRuntime
import FolioTellSpeech
import FoundationEssentials
import Glibc
import Synchronization

/// `foliotell bench latency`: the whole box (the appliance, its funnel, root reducer, espeak-ng and the
/// paced virtual card, or a real ALSA device) measured from the moment a gesture is decided: to silence,
/// to the first sound of the next sentence, and to the first sound of a menu item.
enum LatencyBench {
  struct Press {
    var silence: Double
    var sound: Double
  }

  static func run(_ arguments: [String]) {
    var presses = 100
    var audio = "virtual"
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--presses":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          fail("--presses needs a positive number")
        }
        presses = value
      case "--audio":
        guard let value = rest.popFirst() else { fail("--audio needs an ALSA device, like hw:1,0") }
        audio = value
      default: fail("bench latency: unknown option '\(argument)'; use --presses N, --audio DEVICE")
      }
    }
    var session = benchSession(audio: audio)
    session.useLibrary = false
    session.useControls = false
    session.autoplay = false
    let appliance: Appliance
    do {
      appliance = try Appliance(config: ApplianceConfig(), platform: .desktop, session: session, report: { _ in })
    } catch {
      fail("\(error)", status: 1)
    }
    guard let card = appliance.sink as? AlsaSink else {
      fail("bench latency needs an ALSA device or the virtual card", status: 1)
    }
    let listening = Listening(card: card)
    appliance.start()
    defer { appliance.stop() }
    let runtime = appliance.runtime
    print("latency benchmark: the whole box on \(card.label), \(presses) presses of each kind; times from the press")

    func waitFor(_ condition: (BoxState) -> Bool, seconds: Double = 5) {
      let end = Date().addingTimeInterval(seconds)
      while !condition(runtime.snapshot), Date() < end { usleep(1000) }
    }
    func press(_ event: BoxEvent, expecting: (BoxState) -> Bool) -> Press? {
      listening.mark()
      runtime.post(event)
      let result = listening.measure()
      waitFor(expecting)
      return result
    }

    // Reading: NEXT while a sentence is being heard.
    runtime.post(.control(name: ControlName.play, gesture: .short))
    var next: [Press] = []
    for _ in 0..<presses {
      waitFor { $0.playback.word != nil }
      usleep(150_000)
      if let measured = press(.control(name: ControlName.next, gesture: .short), expecting: { $0.playback.word != nil })
      {
        next.append(measured)
      }
    }
    // The menu: MENU while reading says the first item; BACK closes it, PLAY reads on.
    var menu: [Press] = []
    for _ in 0..<presses {
      waitFor { $0.playback.word != nil && $0.menu == nil }
      usleep(150_000)
      if let measured = press(.control(name: ControlName.menu, gesture: .short), expecting: { $0.menu != nil }) {
        menu.append(measured)
      }
      runtime.post(.control(name: ControlName.back, gesture: .short))
      waitFor { $0.menu == nil }
      runtime.post(.control(name: ControlName.play, gesture: .short))
    }
    report("press to silence (NEXT)", next.map(\.silence), target: 20)
    report("press to silence (MENU)", menu.map(\.silence), target: 20)
    report("press to the next sentence's first sound", next.map(\.sound), target: 120)
    report("press to the menu item's first sound", menu.map(\.sound), target: 120)
    print(
      "(\(next.count + menu.count) of \(2 * presses) presses measured; a press is decided when its event is posted)")
  }

  /// The box the benches run: the sample book forty times over, places kept in memory.
  static func benchSession(audio: String) -> Session {
    var session = Session()
    let text = Array(repeating: SampleBook.text, count: 40).joined(separator: "\n\n")
    let bytes = Array(text.utf8)
    session.book = .text(id: BookIdentity.id(forContent: bytes), title: "bench", utf8: bytes)
    session.audio = audio
    session.keepInMemory = true
    return session
  }

  static func report(_ name: String, _ values: [Double], target: Double) {
    guard !values.isEmpty else {
      print("\(name): not measured")
      return
    }
    let sorted = values.sorted()
    let median = sorted[sorted.count / 2] * 1000
    let worst = sorted.last! * 1000
    let verdict = worst <= target ? "meets" : (median <= target ? "median meets" : "misses")
    BenchFigure.report(
      "latency", name + " (worst)", measured: String(printf: "%.1f ms", worst), target: String(printf: "%.0f ms", target),
      met: worst <= target)
    print(
      "\(name): " + String(printf: "median %.1f ms, worst %.1f ms (target %.0f ms: ", median, worst, target)
        + "\(verdict))")
  }

  /// What the card plays, against the wall clock: polled every half millisecond after a press.
  final class Listening: Sendable {
    let card: AlsaSink
    private let pressed = Mutex<(time: Double, frame: Int)>((0, 0))

    init(card: AlsaSink) {
      self.card = card
      card.record(true)
    }

    static func now() -> Double {
      var ts = timespec()
      clock_gettime(CLOCK_MONOTONIC, &ts)
      return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func mark() {
      let frame = card.playedFrames
      card.forgetRecorded(before: frame)
      pressed.withLock { $0 = (Self.now(), frame) }
    }

    /// Silence: the moment the card has played the last loud frame of what was playing at the press (its
    /// fade included). Sound: the moment it plays the first loud frame of the stream that followed.
    func measure(limit: Double = 1.5) -> Press? {
      let (start, pressFrame) = pressed.withLock { ($0.time, $0.frame) }
      let before = card.streamStartFrame
      var polls: [(time: Double, played: Int)] = []
      var soundFrame: Int?
      var silenceFrame: Int?
      while Self.now() - start < limit {
        let played = card.playedFrames
        polls.append((Self.now(), played))
        if soundFrame == nil, let newStart = card.streamStartFrame, newStart != before, newStart >= pressFrame {
          // The card records from the moment it opened, as it counts its frames: a frame is its sample's index.
          let samples = card.recordedSamples(from: pressFrame)
          if samples.count > newStart - pressFrame {
            let old = samples[..<(newStart - pressFrame)]
            silenceFrame = pressFrame + ((old.lastIndex { $0.magnitude > Self.loud }).map { $0 + 1 } ?? 0)
            if let index = samples[(newStart - pressFrame)...].firstIndex(where: { $0.magnitude > Self.loud }) {
              soundFrame = pressFrame + index
            }
          }
        }
        if let soundFrame, played > soundFrame { break }
        usleep(500)
      }
      guard let soundFrame, let silenceFrame else { return nil }
      func heard(_ frame: Int) -> Double? { polls.first { $0.played > frame }.map { $0.time - start } }
      guard let silence = heard(max(silenceFrame - 1, pressFrame)), let sound = heard(soundFrame) else { return nil }
      return Press(silence: silenceFrame <= pressFrame ? 0 : silence, sound: sound)
    }

    /// Louder than this is sound (16-bit samples); espeak-ng's quietest speech is well above it.
    static let loud: UInt16 = 300
  }
}
