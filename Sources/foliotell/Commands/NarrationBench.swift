import Dispatch
import FolioTellBooks
import FolioTellCore
import FolioTellSpeech
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// Narrated books' figures, each measured on the whole process a listener's box runs: the time to the first
/// sound of a narrated book, the processor time per minute of narration heard at 1.0x to 2.5x (against
/// ffmpeg decoding the same file), and the peak memory while a 500 MB audiobook folder plays. The audio is
/// made here, with espeak-ng and ffmpeg: nothing is downloaded.
enum NarrationBench {
  struct Timed {
    var wall: Double
    var processor: Double
    /// The peak resident memory (VmHWM, sampled every 20 ms: wait4's ru_maxrss would count the parent's
    /// pages, which a spawned child shares until it execs), in KiB: the process's own pages and the pages
    /// of the shared libraries it touched.
    var peak: Int
    /// The peak of the process's own memory (RssAnon, sampled every 20 ms), in KiB.
    var peakOwn: Int
  }

  static func timed(_ program: String, _ arguments: [String]) -> Timed? {
    let start = ContinuousClock.now
    guard let pid = try? Subprocess.start(program, arguments) else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    var own = 0
    var peak = 0
    while true {
      let ended = wait4(pid, &status, WNOHANG, &usage)
      if ended == pid { break }
      guard ended == 0 else { return nil }
      if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
        func field(_ name: String) -> Int? {
          text.split(separator: "\n").first { $0.hasPrefix(name) }?.split(separator: " ").compactMap { Int($0) }.first
        }
        own = max(own, field("RssAnon:") ?? 0)
        peak = max(peak, field("VmHWM:") ?? 0)
      }
      usleep(20_000)
    }
    guard status == 0 else { return nil }
    func value(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return Timed(
      wall: BenchCommand.seconds(ContinuousClock.now - start), processor: value(usage.ru_utime) + value(usage.ru_stime),
      peak: peak, peakOwn: own)
  }

  /// The audiobooks: a folder of two files (10 minutes of narration, MP3 at 128 kbit/s, 44.1 kHz stereo, as
  /// narrated books are sold) and, when `large`, a folder of ten 50 MB files (500 MB, about 9 hours).
  static func make(in folder: String, large: Bool) -> (small: String, large: String?)? {
    let ffmpeg = "/usr/bin/ffmpeg"
    guard FileManager.default.isExecutableFile(atPath: ffmpeg), FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")
    else {
      print("narration figures: not measured, ffmpeg or espeak-ng is missing (scripts/install-debian-packages installs them)")
      return nil
    }
    let text = folder + "/narration.txt"
    FileManager.default.createFile(atPath: text, contents: Data(SampleBook.text.utf8))
    let speech = folder + "/narration.wav"
    guard (try? Subprocess.run("/usr/bin/espeak-ng", ["-v", "en", "-w", speech, "-f", text])) != nil else { return nil }
    func encode(seconds: Int, to path: String) -> Bool {
      (try? Subprocess.run(
        ffmpeg,
        ["-nostdin", "-y", "-loglevel", "error", "-stream_loop", "-1", "-i", speech, "-t", "\(seconds)", "-ac", "2", "-ar",
          "44100", "-b:a", "128k", path])) != nil
    }
    let small = folder + "/Ten Minutes"
    try? FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
    guard encode(seconds: 300, to: small + "/01 First half.mp3") else { return nil }
    _ = try? FileManager.default.linkItem(atPath: small + "/01 First half.mp3", toPath: small + "/02 Second half.mp3")
    guard large else { return (small, nil) }
    let big = folder + "/Five Hundred Megabytes"
    try? FileManager.default.createDirectory(atPath: big, withIntermediateDirectories: true)
    // 50 MB of MP3 at 128 kbit/s is 3,277 s; the other nine files are links to it (the box reads each as a file).
    guard encode(seconds: 3277, to: big + "/Part 01.mp3") else { return nil }
    for part in 2...10 {
      _ = try? FileManager.default.linkItem(atPath: big + "/Part 01.mp3", toPath: big + "/Part \(part < 10 ? "0" : "")\(part).mp3")
    }
    return (small, big)
  }

  static func workFolder() -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-narration-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// For `bench books`: the first sound, from the start and from deep in the book, and the peak memory.
  static func books() {
    let folder = workFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let (small, large) = make(in: folder, large: true), let large else { return }
    let program = CommandLine.arguments[0]
    for (name, book) in [("10-minute audiobook folder", small), ("500 MB audiobook folder", large)] {
      for deep in [false, true] {
        var times: [Double] = []
        for _ in 0..<5 {
          let spawned = monotonicNanoseconds()
          guard let line = try? BenchCommand.shell(program, ["bench", "narration-first-sound", book, "\(spawned)", deep ? "deep" : "start"]),
            let nanoseconds = Double(line.split(whereSeparator: { $0.isWhitespace }).first ?? "")
          else { fail("could not play \(book) in a child process", status: 1) }
          times.append(nanoseconds / 1e6)
        }
        times.sort()
        print(
          "narrated book, first sound (\(name), \(deep ? "from a place in the middle" : "from its start")), whole process from its start, median of 5: "
            + String(printf: "%.0f ms (best %.0f ms; target 150 ms)", times[2], times[0]))
        BenchFigure.report(
          "books", "narrated book's first sound (\(name), \(deep ? "from the middle" : "from its start"), median)",
          measured: String(printf: "%.0f ms", times[2]), target: "150 ms", met: times[2] <= 150)
      }
    }
    // Two minutes of narration from the middle of the 500 MB folder, through the whole `read` command.
    guard let count = try? BookParser.read(path: large).document.sentences.count else { return }
    let from = count / 2
    let arguments = ["read", large, "--from", "\(from)", "--to", "\(from + 11)", "--audio", "null"]
    guard let played = timed(program, arguments) else { fail("foliotell read of the 500 MB audiobook failed", status: 1) }
    guard let smallPlayed = timed(program, ["read", small, "--from", "1", "--to", "12", "--audio", "null"]) else { return }
    guard let textPlayed = timed(program, ["read", folder + "/narration.txt", "--from", "1", "--to", "12", "--audio", "null"]) else {
      return
    }
    func megabytes(_ kibibytes: Int) -> String { String(printf: "%.1f MB", Double(kibibytes) / 1024) }
    BenchFigure.report(
      "books", "peak memory playing a 500 MB audiobook folder", measured: megabytes(played.peak), target: "40 MB",
      met: played.peak < 40 * 1024)
    print(
      "narrated book, peak memory while playing 2 minutes from the middle of a 500 MB audiobook folder (foliotell read, whole process): \(megabytes(played.peak)) resident (target under 40 MB: \(played.peak < 40 * 1024 ? "meets" : "misses")), of which \(megabytes(played.peakOwn)) the process's own; the same from a 10-minute book: \(megabytes(smallPlayed.peak)) (\(megabytes(smallPlayed.peakOwn)) own); a book of text read by the voice: \(megabytes(textPlayed.peak)) (\(megabytes(textPlayed.peakOwn)) own)"
    )
  }

  /// For `bench speech`: processor time per minute of narration heard, at each speed.
  static func speech() {
    let folder = workFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let (small, _) = make(in: folder, large: false) else { return }
    let program = CommandLine.arguments[0]
    let narrated = 600.0
    guard
      let decode = timed(
        "/usr/bin/ffmpeg", ["-nostdin", "-loglevel", "error", "-i", small + "/01 First half.mp3", "-ac", "1", "-ar", "22050", "-f", "null", "-"])
    else { return }
    let reference = decode.processor * 2 / (narrated / 60)
    for speed in [1.0, 1.5, 2.0, 2.5] {
      let wpm = Int((Double(SpeechRate.normal) * speed).rounded())
      var runs: [Timed] = []
      for _ in 0..<3 {
        guard let run = timed(program, ["read", small, "--audio", "null", "--wpm", "\(wpm)"]) else {
          fail("foliotell read of the narrated book failed", status: 1)
        }
        runs.append(run)
      }
      let processor = runs.map(\.processor).sorted()[1]
      // A minute heard at `speed` plays `speed` minutes of the narration.
      let heardMinutes = narrated / speed / 60
      let share = processor / heardMinutes / 60
      let perMinuteNarrated = processor / (narrated / 60)
      print(
        String(
          printf:
            "narrated playback at %.1fx (MP3 128 kbit/s stereo, 10 min; foliotell read --audio null, whole process, median of 3): %.2f s of processor per minute heard, %.2f%% of one core",
            speed, processor / heardMinutes, share * 100)
          + (speed == 1 ? " (target under 5%)" : "")
          + String(
            printf: "; ffmpeg decoding the same narration: %.2f s per minute of it, ratio %.2f", reference,
            perMinuteNarrated / reference))
      if speed == 1 {
        BenchFigure.report(
          "narration", "processor share of narrated playback at 1x", measured: String(printf: "%.2f%%", share * 100),
          target: "5%", met: share < 0.05)
      }
    }
  }

  /// The child of `books`: opens the book, plays it into the paced virtual sound card and prints the
  /// nanoseconds from `spawned` (the parent's monotonic clock before it started this process) to the first
  /// sample of narration written to the card.
  static func firstSoundOnce(_ arguments: [String]) {
    guard arguments.count == 3, let spawned = Int(arguments[1]) else {
      fail("bench narration-first-sound BOOK SPAWNED_NS start|deep")
    }
    let map: SentenceMap
    do {
      map = try BookParser.read(path: arguments[0]).document.sentenceMap
    } catch {
      fail(error.description, status: 1)
    }
    let card = FirstSound(AlsaSink(.virtual(speed: 1, canPause: true)))
    let waiter = Waiter()
    let engine: EspeakSpeechEngine
    do {
      engine = try EspeakSpeechEngine(sink: waiter, audio: card)
    } catch {
      fail(error.description, status: 1)
    }
    engine.load(book: map)
    let offset = arguments[2] == "deep" ? map.sentences[map.count / 2].start : 0
    engine.startUtterance(token: 1, offset: offset, wpm: SpeechRate.normal, voice: "en")
    guard card.heard.wait(timeout: .now() + 10) == .success else { fail("no sound in 10 s", status: 1) }
    print(card.at.withLock { $0 } - spawned)
    exit(0)
  }

  static func monotonicNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
  }

  /// Passes audio to a card, noting when the first sound (a sample that is not silence) was written.
  final class FirstSound: PCMSink, @unchecked Sendable {
    let inner: any PCMSink
    let heard = DispatchSemaphore(value: 0)
    let at = Mutex(0)
    private let done = Mutex(false)
    init(_ inner: any PCMSink) { self.inner = inner }
    var label: String { inner.label }
    var isPaced: Bool { inner.isPaced }
    var canPause: Bool { inner.canPause }
    var underruns: Int { inner.underruns }
    func begin(sampleRate: Int) throws(AudioError) { try inner.begin(sampleRate: sampleRate) }
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
      let ok = try inner.write(samples)
      if samples.contains(where: { $0 != 0 }), done.withLock({ let first = !$0; $0 = true; return first }) {
        at.withLock { $0 = NarrationBench.monotonicNanoseconds() }
        heard.signal()
      }
      return ok
    }
    func queuedFrames() -> Int { inner.queuedFrames() }
    func drop() { inner.drop() }
    func pause(resolved: @escaping @Sendable () -> Void) -> Bool { inner.pause(resolved: resolved) }
    func resume() { inner.resume() }
    func end() { inner.end() }
    func release() { inner.release() }
    func flush() throws(AudioError) { try inner.flush() }
  }
}
