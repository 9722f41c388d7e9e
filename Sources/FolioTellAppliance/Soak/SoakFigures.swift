import FolioTellCore

/// What a soak night measured, the limits it holds them to, and every breach, named with the seed and the
/// virtual time so the night can be replayed to it.
public final class SoakFigures {
  /// The promises: listening lost at a cut, memory growth, flash written per hour.
  public static let maximumLostSeconds = 30.0
  public static let maximumMemoryGrowth = 0.05
  public static let maximumFlashPerHour = 64 * 1024

  public struct Sample: Sendable {
    public var time: Double
    public var process: ProcessFigures
    public var traceBytes: Int
  }

  public struct Resume: Sendable {
    public var time: Double
    public var after: String
    /// Seconds of listening between the listener's place and where the box resumed; negative: ahead.
    public var lostSeconds: Double
  }

  public internal(set) var seed: UInt64 = 0
  public internal(set) var hours = 0.0
  public internal(set) var presses = 0
  public internal(set) var bookSwitches = 0
  public internal(set) var eventsChecked = 0
  public internal(set) var cuts: [SoakNight.CutKind: Int] = [:]
  public internal(set) var tornBytes: [Int] = []
  public internal(set) var resumes: [Resume] = []
  public internal(set) var samples: [Sample] = []
  public internal(set) var traceLimit = 0
  public internal(set) var storeBytes = 0
  public internal(set) var traceWritten = 0
  /// The trace ring in the data directory counts against the card's writes; in RAM (/run) it does not.
  public internal(set) var traceIsOnTheCard = false
  public internal(set) var startedWriting = 0
  public internal(set) var allWritten = 0
  public internal(set) var endTime = 0.0
  /// Where the listener's presses took the box: menu pages, the key describer, the sleep timer, phases.
  public internal(set) var visited: Set<String> = []
  /// Invariants broken, each with its moment and event; and the other promises breached.
  public internal(set) var brokenInvariants: [String] = []
  public internal(set) var breachedPromises: [String] = []
  public var breaches: [String] { breachedPromises + brokenInvariants.prefix(20) }

  func visit(_ state: BoxState) {
    visited.insert(state.playback.phase.name)
    if let menu = state.menu { visited.insert("menu: \(menu.page)") }
    if state.controls.describer != nil { visited.insert("key describer") }
    if state.sleepTimer != nil { visited.insert("sleep timer") }
    if !state.navigation.bookmarks.isEmpty { visited.insert("bookmarks") }
  }

  func resumed(_ lostSeconds: Double, after cut: SoakNight.CutKind, at time: Double) {
    let after = cut.rawValue
    resumes.append(Resume(time: time, after: after, lostSeconds: lostSeconds))
    if abs(lostSeconds) > Self.maximumLostSeconds {
      let how = lostSeconds > 0 ? "before" : "ahead of"
      breachedPromises.append(
        "at \(SoakBox.clockTime(time)), after \(after): the box resumed \(Int(abs(lostSeconds).rounded())) s of listening \(how) the listener's place (at most \(Int(Self.maximumLostSeconds)) s)"
      )
    }
  }

  func sample(at time: Double, _ process: ProcessFigures, traceBytes: Int, traceLimit: Int) {
    samples.append(Sample(time: time, process: process, traceBytes: traceBytes))
    self.traceLimit = max(self.traceLimit, traceLimit)
    if !traceIsWithinBound(traceBytes) {
      breachedPromises.append("at \(SoakBox.clockTime(time)): the trace ring holds \(traceBytes) bytes, over its bound \(traceLimit)")
    }
  }

  func finish(_ process: ProcessFigures, at time: Double) {
    endTime = time
    allWritten = process.bytesWritten - startedWriting
    let (first, last) = windows
    if judgesMemory, let first = first.map(\.process.anonymousKiB).max(), let last = last.map(\.process.anonymousKiB).max(),
      Double(last) > Double(first) * (1 + Self.maximumMemoryGrowth)
    {
      breachedPromises.append(
        "resident memory of its own (heap, stacks) grew from \(first) KiB in the night's first eighth to \(last) KiB in its last (at most 5%)")
    }
    for (name, value) in [("descriptors", \ProcessFigures.descriptors), ("threads", \ProcessFigures.threads)] {
      if let first = first.map({ $0.process[keyPath: value] }).max(), let last = last.map({ $0.process[keyPath: value] }).max(),
        last > first
      {
        breachedPromises.append("open \(name) grew from \(first) in the night's first eighth to \(last) in its last")
      }
    }
    if flashPerHour > Double(Self.maximumFlashPerHour) {
      breachedPromises.append(
        "the box wrote \(Int(flashPerHour / 1024)) KiB an hour to the card (store \(storeBytes) bytes\(traceIsOnTheCard ? ", trace \(traceWritten) bytes" : "") in \(hours) h; at most 64 KiB an hour)"
      )
    }
  }

  /// Memory is judged over a night of two hours or more: in a shorter slice the first eighth is minutes
  /// of warming up (the first book, the first menu pages), not an hour to hold the last against.
  public static let hoursToJudgeMemory = 2.0
  var judgesMemory: Bool { hours >= Self.hoursToJudgeMemory }

  /// The ring's files × their size; a file closes once past its size, so it may hold one event's line more.
  func traceIsWithinBound(_ bytes: Int) -> Bool { traceLimit == 0 || bytes <= traceLimit + 64 * 1024 }

  /// The samples of the night's first and last eighths (hour 1 and hour 8 of a full night).
  var windows: (first: [Sample], last: [Sample]) {
    let span = max(hours * 3600 / 8, 300)
    let first = samples.filter { $0.time > 0 && $0.time <= span }
    let last = samples.filter { $0.time >= hours * 3600 - span }
    return (first.isEmpty ? Array(samples.prefix(1)) : first, last)
  }

  /// The most resident memory sampled in each eighth of the night.
  var eighths: [Int] {
    let span = hours * 3600 / 8
    return (0..<8).compactMap { eighth in
      samples.filter { $0.time > Double(eighth) * span && $0.time <= Double(eighth + 1) * span }.map(\.process.anonymousKiB).max()
    }
  }

  public var flashPerHour: Double {
    Double(storeBytes + (traceIsOnTheCard ? traceWritten : 0)) / max(hours, 1e-9)
  }
  public var passed: Bool { breachedPromises.isEmpty && brokenInvariants.isEmpty }

  /// The night as a Markdown table: each figure, its limit, and whether it held.
  public var table: String {
    func kib(_ bytes: Double) -> String { "\(Int((bytes / 1024).rounded())) KiB" }
    func met(_ ok: Bool) -> String { ok ? "met" : "**breached**" }
    let (first, last) = windows
    let memoryFirst = first.map(\.process.anonymousKiB).max() ?? 0
    let memoryLast = last.map(\.process.anonymousKiB).max() ?? 0
    let growth = memoryFirst > 0 ? Double(memoryLast - memoryFirst) / Double(memoryFirst) * 100 : 0
    let allFirst = first.map(\.process.residentKiB).max() ?? 0
    let allLast = last.map(\.process.residentKiB).max() ?? 0
    let allGrowth = allFirst > 0 ? Double(allLast - allFirst) / Double(allFirst) * 100 : 0
    let lost = resumes.map(\.lostSeconds).max() ?? 0
    let ahead = -(resumes.map(\.lostSeconds).min() ?? 0)
    let fdFirst = first.map(\.process.descriptors).max() ?? 0
    let fdLast = last.map(\.process.descriptors).max() ?? 0
    let threadsFirst = first.map(\.process.threads).max() ?? 0
    let threadsLast = last.map(\.process.threads).max() ?? 0
    let traceMost = samples.map(\.traceBytes).max() ?? 0
    var rows = [
      "| figure | measured | limit | |",
      "| --- | --- | --- | --- |",
      "| listening lost at a cut (worst of \(resumes.count) resumes) | \(oneDecimal(max(lost, 0))) s | 30 s | \(met(lost <= Self.maximumLostSeconds)) |",
      "| resumed ahead of the listener (worst) | \(oneDecimal(max(ahead, 0))) s | 30 s | \(met(ahead <= Self.maximumLostSeconds)) |",
      "| resident memory of its own (heap, stacks), first eighth → last eighth | \(memoryFirst) → \(memoryLast) KiB (\(oneDecimal(growth))%) | +5% | \(judgesMemory ? met(Double(memoryLast) <= Double(memoryFirst) * 1.05) : "shown (judged from 2 hours)") |",
      "| resident memory with mapped files (libraries, voice data), first eighth → last eighth | \(allFirst) → \(allLast) KiB (\(oneDecimal(allGrowth))%) | (shown) | |",
      "| open descriptors, first eighth → last eighth | \(fdFirst) → \(fdLast) | no growth | \(met(fdLast <= fdFirst)) |",
      "| threads, first eighth → last eighth | \(threadsFirst) → \(threadsLast) | no growth | \(met(threadsLast <= threadsFirst)) |",
      "| trace ring on disk (largest) | \(kib(Double(traceMost))) | \(kib(Double(traceLimit))) | \(met(traceIsWithinBound(traceMost))) |",
      "| written to the card (data directory) per hour | \(kib(flashPerHour)) (the store; the trace ring \(traceIsOnTheCard ? "on the card" : "in RAM") took \(kib(Double(traceWritten) / max(hours, 1e-9)))) | 64 KiB | \(met(flashPerHour <= Double(Self.maximumFlashPerHour))) |",
      "| reducer invariants, checked after every event | \(eventsChecked) events, \(brokenInvariants.count) broken | none broken | \(met(brokenInvariants.isEmpty)) |",
    ]
    rows.append("")
    rows.append(
      "Seed \(seed), \(oneDecimal(hours)) virtual hours (\(SoakBox.clockTime(endTime))): \(presses) presses, \(bookSwitches) books chosen through the menu, \(cuts[.kill] ?? 0) kills, \(cuts[.tornWrite] ?? 0) torn writes (bytes of the torn record kept: \(tornBytes.prefix(12).map(String.init).joined(separator: ", "))\(tornBytes.count > 12 ? ", ..." : "")), \(kib(Double(allWritten))) written by the whole process."
    )
    rows.append(
      "Resident memory of its own (freed heap handed back), the most in each eighth of the night: \(eighths.map { "\($0)" }.joined(separator: ", ")) KiB; all resident memory at its highest: \(samples.map(\.process.peakKiB).max() ?? 0) KiB."
    )
    rows.append("Visited: \(visited.sorted().joined(separator: ", ")).")
    return rows.joined(separator: "\n")
  }

  private func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
