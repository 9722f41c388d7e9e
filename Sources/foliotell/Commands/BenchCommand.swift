import Dispatch
import FolioTellCore
import FolioTellRuntime
import FolioTellSpeech
import FolioTellSystem
import FolioTellUnicode
import FoundationEssentials
import Glibc
import Synchronization

/// `foliotell bench speech`: figures for the speech path, measured on this machine in one run.
enum BenchCommand {
  static func run(_ arguments: [String]) {
    if arguments.first == "store" { return StoreBench.run(Array(arguments.dropFirst())) }
    if arguments.first == "display" { return DisplayBench.run(Array(arguments.dropFirst())) }
    if arguments.first == "controls" { return ControlsBench.run(Array(arguments.dropFirst())) }
    if arguments.first == "books" { return BookBench.run(Array(arguments.dropFirst())) }
    if arguments.first == "latency" { return LatencyBench.run(Array(arguments.dropFirst())) }
    if arguments.first == "idle" { return IdleBench.run(Array(arguments.dropFirst())) }
    if arguments.first == "memory" { return MemoryBench.run(Array(arguments.dropFirst())) }
    if arguments.first == "book-once", arguments.count == 2 { return BookBench.once(arguments[1]) }
    if arguments.first == "make-books", arguments.count == 2 {
      print(BookBench.makeBooks(in: arguments[1]).joined(separator: "\n"))
      return
    }
    if arguments.first == "all" { return BenchAll.run(Array(arguments.dropFirst())) }
    if arguments.first == "book-open-once" { return BookOpenBench.once(Array(arguments.dropFirst())) }
    if arguments.first == "library" { return LibraryBench.run(Array(arguments.dropFirst())) }
    if arguments.first == "library-once" { return LibraryBench.once(Array(arguments.dropFirst())) }
    if arguments.first == "narration-first-sound" { return NarrationBench.firstSoundOnce(Array(arguments.dropFirst())) }
    if arguments.first == "narration" {
      NarrationBench.books()
      return NarrationBench.speech()
    }
    guard arguments.first == "speech" else {
      fail(
        "bench knows: all [--out FILE], speech [--text FILE] [--rounds N] [--wav-only], store [--minutes N] [--wpm N], books, narration, controls [--seconds N] [--presses N], display, latency [--presses N] [--audio DEVICE], idle [--seconds N], memory [--seconds N] [--book FILE], library [--books N]"
      )
    }
    var rest = arguments.dropFirst()
    var textPath: String?
    var rounds = 20
    var wavOnly = false
    while let argument = rest.popFirst() {
      switch argument {
      case "--wav-only": wavOnly = true
      case "--text": textPath = rest.popFirst() ?? { fail("--text needs a file") }()
      case "--rounds":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { fail("--rounds needs a positive number") }
        rounds = value
      default: fail("bench speech: unknown option '\(argument)'")
      }
    }
    let longText: String
    if let textPath {
      guard let data = FileManager.default.contents(atPath: textPath), let text = String(data: data, encoding: .utf8)
      else { fail("cannot read '\(textPath)'", status: 1) }
      longText = text
    } else {
      longText = Array(repeating: SampleBook.text, count: 30).joined(separator: "\n\n")
    }
    let book = SpeechCommands.book(fromText: longText)
    print("speech benchmark: espeak-ng \(espeakVersion()), \(book.endOffset) characters, \(rounds) rounds")
    if wavOnly { return wavFileRatio(text: longText) }
    latencies(book: book, rounds: rounds)
    synthesisRatio(book: book, text: longText)
    wavFileRatio(text: longText)
    memory(book: book)
    NarrationBench.speech()
  }

  static func espeakVersion() -> String {
    (try? shell("/usr/bin/espeak-ng", ["--version"]))?.split(separator: " ").dropFirst(3).first.map(String.init) ?? "?"
  }

  /// Times from startUtterance to the first frame handed to ALSA, and from stop to silence, on the paced card.
  static func latencies(book: SentenceMap, rounds: Int) {
    let card = AlsaSink(.virtual(speed: 1, canPause: true))
    card.record(true)
    let sink = FirstWrite(card)
    let events = Waiter()
    guard let engine = try? EspeakSpeechEngine(sink: events, audio: sink) else {
      fail("espeak-ng did not start", status: 1)
    }
    engine.load(book: book)
    var firstFrame: [Double] = []
    var toSilence: [Double] = []
    var silentAfterStop = 0
    for round in 1...rounds {
      let token = round
      let start = ContinuousClock.now
      sink.arm(at: start)
      engine.startUtterance(token: token, offset: 0, wpm: 175, voice: "en")
      guard events.wait(for: .willSpeakRange(token: token, location: 0, length: 5)) else {
        fail("no word was heard in round \(round)", status: 1)
      }
      if let first = sink.firstWriteDelay { firstFrame.append(first) }
      // Silence is the last frame of sound the card plays after the stop (it records every frame).
      let playedAtRequest = card.playedFrames
      engine.stop(token: token)
      var lastFrames = card.playedFrames
      var lastChange = ContinuousClock.now
      while ContinuousClock.now - lastChange < .milliseconds(30) {
        DetachedThread.sleep(seconds: 0.001)
        let frames = card.playedFrames
        if frames != lastFrames {
          lastFrames = frames
          lastChange = ContinuousClock.now
        }
      }
      let after = card.recordedSamples(from: playedAtRequest)
      toSilence.append(Double((after.lastIndex { $0 != 0 } ?? -1) + 1) / 22050)
      let playedAtStop = card.playedFrames
      DetachedThread.sleep(seconds: 0.05)
      if card.playedFrames == playedAtStop { silentAfterStop += 1 }
      _ = events.wait(for: .utteranceDidCancel(token: token))
    }
    print(
      String(
        printf: "first frame to ALSA after startUtterance: median %.1f ms, max %.1f ms (target: 30 ms)",
        median(firstFrame) * 1000, (firstFrame.max() ?? 0) * 1000))
    BenchFigure.report(
      "speech", "first frame to ALSA after startUtterance (median)", measured: String(printf: "%.1f ms", median(firstFrame) * 1000),
      target: "30 ms", met: median(firstFrame) <= 0.030)
    print(
      String(
        printf:
          "stop to silence (sound the card still plays after stop(): what it held, then a 2 ms fade): median %.1f ms, max %.1f ms (target: 5 ms); still silent 50 ms later in %ld of %ld rounds",
        median(toSilence) * 1000, (toSilence.max() ?? 0) * 1000, silentAfterStop, rounds))
    BenchFigure.report(
      "speech", "stop to silence (median)", measured: String(printf: "%.1f ms", median(toSilence) * 1000), target: "5 ms",
      met: median(toSilence) <= 0.005)
  }

  /// Whole-book synthesis into a null sink against `espeak-ng -w` on the same text, in this run.
  static func synthesisRatio(book: SentenceMap, text: String) {
    let events = Waiter()
    guard let engine = try? EspeakSpeechEngine(sink: events, audio: NullSink()) else {
      fail("espeak-ng did not start", status: 1)
    }
    engine.load(book: book)
    let ours = ContinuousClock.now
    engine.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")
    guard events.wait(for: .utteranceDidFinish(token: 1), seconds: 600) else {
      fail("the book was not finished", status: 1)
    }
    let oursSeconds = seconds(ContinuousClock.now - ours)

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let input = folder.appendingPathComponent("book.txt").path
    FileManager.default.createFile(atPath: input, contents: Data(text.canonicallyComposed.utf8))
    let reference = ContinuousClock.now
    let status = try? shell(
      "/usr/bin/espeak-ng",
      ["-v", "en", "-s", "175", "-w", folder.appendingPathComponent("book.wav").path, "-f", input])
    let referenceSeconds = seconds(ContinuousClock.now - reference)
    try? FileManager.default.removeItem(at: folder)
    guard status != nil else {
      print(
        "whole-book synthesis: ours \(String(printf: "%.2f", oursSeconds)) s; espeak-ng command not found for the reference (install espeak-ng)"
      )
      return
    }
    print(
      String(
        printf: "whole-book synthesis: ours %.2f s, espeak-ng -w %.2f s, ratio %.2f (target: at most 1.10)",
        oursSeconds, referenceSeconds, oursSeconds / referenceSeconds))
    BenchFigure.report(
      "speech", "whole-book synthesis against espeak-ng -w", measured: String(printf: "%.2fx", oursSeconds / referenceSeconds),
      target: "at most 1.10x", met: oursSeconds / referenceSeconds <= 1.10)
  }

  /// `foliotell read BOOK --audio wav:FILE` against `espeak-ng -w FILE -f BOOK` on the same text, voice and
  /// rate, each timed as a whole process (start-up, reading the book, synthesis, the file), in turns five
  /// times; the medians are compared.
  static func wavFileRatio(text: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-bench-wav-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("book.txt").path
    FileManager.default.createFile(atPath: input, contents: Data(text.canonicallyComposed.utf8))
    let oursPath = folder.appendingPathComponent("ours.wav").path
    let theirsPath = folder.appendingPathComponent("espeak-ng.wav").path
    // Wall time is the target; the processor time (user and system, from wait4) says how much of a
    // difference is the machine's other work.
    func timed(_ program: String, _ arguments: [String]) -> (wall: Double, processor: Double)? {
      let start = ContinuousClock.now
      guard let pid = try? Subprocess.start(program, arguments) else { return nil }
      var status: Int32 = 0
      var usage = rusage()
      guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return nil }
      func value(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
      return (seconds(ContinuousClock.now - start), value(usage.ru_utime) + value(usage.ru_stime))
    }
    var ours: [(wall: Double, processor: Double)] = []
    var reference: [(wall: Double, processor: Double)] = []
    // Taken in turns, so a burst of other work on the machine falls on both.
    for _ in 0..<5 {
      guard
        let time = timed(
          CommandLine.arguments[0], ["read", input, "--voice", "en", "--wpm", "175", "--audio", "wav:" + oursPath])
      else { fail("foliotell read --audio wav: failed on the benchmark's book", status: 1) }
      ours.append(time)
      guard let espeak = timed("/usr/bin/espeak-ng", ["-v", "en", "-s", "175", "-w", theirsPath, "-f", input]) else {
        print(
          "WAV file of the book: ours \(String(printf: "%.2f", time.wall)) s; espeak-ng command not found for the reference"
        )
        return
      }
      reference.append(espeak)
    }
    let audio = Double(max(BookBench.size(oursPath) - 44, 0)) / 2 / 22050
    let wall = (median(ours.map(\.wall)), median(reference.map(\.wall)))
    let processor = (median(ours.map(\.processor)), median(reference.map(\.processor)))
    print(
      String(
        printf:
          "WAV file of the book (%.0f min of audio), whole process, median of 5: foliotell read --audio wav: %.2f s, espeak-ng -w %.2f s, ratio %.2f (target: at most 1.10); processor time %.2f s and %.2f s, ratio %.2f",
        audio / 60, wall.0, wall.1, wall.0 / wall.1, processor.0, processor.1, processor.0 / processor.1))
    BenchFigure.report(
      "speech", "WAV file of a book, whole process, against espeak-ng -w", measured: String(printf: "%.2fx", wall.0 / wall.1),
      target: "at most 1.10x", met: wall.0 / wall.1 <= 1.10)
  }

  /// Resident memory while a whole book is read through the paced card at 40 times real time.
  static func memory(book: SentenceMap) {
    let events = Waiter()
    guard let engine = try? EspeakSpeechEngine(sink: events, audio: AlsaSink(.virtual(speed: 40, canPause: true)))
    else {
      fail("espeak-ng did not start", status: 1)
    }
    engine.load(book: book)
    var samples: [Int] = [residentKiB()]
    engine.startUtterance(token: 1, offset: 0, wpm: 450, voice: "en")
    while !events.wait(for: .utteranceDidFinish(token: 1), seconds: 1) { samples.append(residentKiB()) }
    samples.append(residentKiB())
    let quarter = samples.count / 4
    let early = samples[min(quarter, samples.count - 1)]
    print(
      "resident memory while reading the whole book (40x real time, \(samples.count) samples): start \(samples[0]) KiB, after a quarter \(early) KiB, peak \(samples.max()!) KiB, end \(samples.last!) KiB; growth after the first quarter \(samples.last! - early) KiB"
    )
  }

  static func residentKiB() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    return values.sorted()[values.count / 2]
  }

  @discardableResult
  static func shell(_ path: String, _ arguments: [String]) throws -> String {
    try Subprocess.run(path, arguments).output
  }
}

/// Collects engine events and waits for one.
final class Waiter: EventSink {
  private let seen = Mutex<[PlaybackEvent]>([])
  private let signal = DispatchSemaphore(value: 0)

  func post(_ event: BoxEvent) {
    guard case .playback(let event) = event else { return }
    seen.withLock { $0.append(event) }
    signal.signal()
  }

  func wait(for event: PlaybackEvent, seconds: Double = 10) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while true {
      if seen.withLock({ $0.contains { sameKind($0, event) } }) { return true }
      if signal.wait(timeout: deadline) == .timedOut { return seen.withLock { $0.contains { sameKind($0, event) } } }
    }
  }

  /// Words match by token alone: the first word heard is what counts.
  private func sameKind(_ a: PlaybackEvent, _ b: PlaybackEvent) -> Bool {
    if case .willSpeakRange(let token, _, _) = a, case .willSpeakRange(token, _, _) = b { return true }
    return a == b
  }
}

/// Passes audio on, timing the first write after `arm`.
final class FirstWrite: PCMSink {
  let inner: AlsaSink
  private let timing = Mutex<(armed: ContinuousClock.Instant?, delay: Double?)>((nil, nil))
  init(_ inner: AlsaSink) { self.inner = inner }
  func arm(at instant: ContinuousClock.Instant) { timing.withLock { $0 = (instant, nil) } }
  var firstWriteDelay: Double? { timing.withLock { $0.delay } }
  var label: String { inner.label }
  var isPaced: Bool { inner.isPaced }
  var canPause: Bool { inner.canPause }
  var underruns: Int { inner.underruns }
  func begin(sampleRate: Int) throws(AudioError) { try inner.begin(sampleRate: sampleRate) }
  func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    timing.withLock { timing in
      if let armed = timing.armed, timing.delay == nil {
        timing.delay = BenchCommand.seconds(ContinuousClock.now - armed)
      }
    }
    return try inner.write(samples)
  }
  func queuedFrames() -> Int { inner.queuedFrames() }
  func drop() { inner.drop() }
  func pause(resolved: @escaping @Sendable () -> Void) -> Bool { inner.pause(resolved: resolved) }
  func resume() { inner.resume() }
  func end() { inner.end() }
}
