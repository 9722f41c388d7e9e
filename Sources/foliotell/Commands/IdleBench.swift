import FolioTellAppliance
import FolioTellBooks
import FolioTellCore
import FolioTellSystem
import FoundationEssentials
import Glibc

/// `foliotell bench idle`: how often the box's threads wake, from their context switches in /proc, while
/// reading, and paused and stopped, each with the sound card still open (its quiet time running) and at rest
/// (the card released, no tick pending).
enum IdleBench {
  static func run(_ arguments: [String]) {
    var seconds = 10.0
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--seconds":
        guard let value = rest.popFirst().flatMap(Double.init), value > 0 else { fail("--seconds needs a number") }
        seconds = value
      default: fail("bench idle: unknown option '\(argument)'; use --seconds N")
      }
    }
    var config = ApplianceConfig()
    // The card is let go after a quiet time (30 s on a bedside box): here just longer than one measurement,
    // so that each state is measured with the card still open, and then at rest.
    config.audioIdleSeconds = seconds + 3
    let session = LatencyBench.benchSession(audio: "virtual")
    let appliance: Appliance
    do {
      appliance = try Appliance(config: config, platform: .desktop, session: session, report: { _ in })
    } catch {
      fail("\(error)", status: 1)
    }
    appliance.start()
    defer { appliance.stop() }
    print(
      "idle benchmark: the whole box (funnel, speech worker, input loop, library watcher, timers) on the paced virtual card"
    )
    usleep(2_000_000)
    measure("while reading", seconds: seconds, target: nil)
    appliance.runtime.post(.control(name: ControlName.play, gesture: .short))
    waitUntilQuiet(appliance, atMost: 30)
    measure("paused, the card still open", seconds: seconds, target: nil, workerTarget: 0)
    // The pause releases the card after audioIdleSeconds, at the next tick; then nothing is pending.
    waitUntilAtRest(appliance, atMost: config.audioIdleSeconds + 30)
    measure("paused, at rest", seconds: seconds, target: 0)
    appliance.runtime.post(.control(name: ControlName.stop, gesture: .short))
    // STOP's words open the card again; once they are said nothing is due, though the card is open.
    waitUntilQuiet(appliance, atMost: 30)
    measure("stopped, the card still open", seconds: seconds, target: nil, workerTarget: 0)
    // It is let go after the same quiet time, at the next tick.
    waitUntilAtRest(appliance, atMost: config.audioIdleSeconds + 30)
    measure("stopped, at rest", seconds: seconds, target: 0)
  }

  /// Waits until what the press just posted asked for has been said and played out: the card is open
  /// and counting its quiet time (`pausedSince`), and a tenth of a second has passed for the last samples.
  static func waitUntilQuiet(_ appliance: Appliance, atMost seconds: Double) {
    var waited = 0.0
    while waited < seconds {
      let audio = appliance.runtime.snapshot.audio
      if audio.isActive, audio.pausedSince != nil { break }
      usleep(10_000)
      waited += 0.01
    }
    usleep(300_000)
  }

  /// Waits (polling from this thread, which is not counted) for the press just posted to be taken (the
  /// card opened or a timer armed), and then until the box is at rest again: the card let go and no timer
  /// armed. A box that never gets there is measured anyway, and says so.
  static func waitUntilAtRest(_ appliance: Appliance, atMost seconds: Double) {
    func atRest() -> Bool {
      let state = appliance.runtime.snapshot
      return !state.audio.isActive && state.armedTimers.isEmpty
    }
    var waited = 0.0
    while atRest(), waited < 5 {
      usleep(10_000)
      waited += 0.01
    }
    waited = 0
    while !atRest(), waited < seconds {
      usleep(100_000)
      waited += 0.1
    }
    // The step that let the card go is over once no thread has woken for a tenth of a second.
    var last = switches(except: getpid()).mapValues(\.count)
    while waited < seconds {
      usleep(100_000)
      waited += 0.1
      let now = switches(except: getpid()).mapValues(\.count)
      if atRest(), now == last { return }
      last = now
    }
    print("(the box was not at rest after \(Int(seconds)) s: the card is held, a timer is armed or a thread wakes)")
  }

  /// Context switches of every thread but this one, over `seconds`.
  /// `workerTarget`: a target for the speech worker alone, where the loop's tick still has work (it
  /// releases the card once its quiet time is over).
  static func measure(_ name: String, seconds: Double, target: Double?, workerTarget: Double? = nil) {
    // The bench measures from the main thread, whose thread id is the process id.
    let me = getpid()
    let before = switches(except: me)
    usleep(UInt32(seconds * 1_000_000))
    let after = switches(except: me)
    var total = 0
    var busy: [String] = []
    for (thread, count) in after {
      let woke = count.count - (before[thread]?.count ?? 0)
      total += woke
      if woke > 0 { busy.append("\(count.name) \(String(printf: "%.1f", Double(woke) / seconds))/s") }
    }
    let rate = Double(total) / seconds
    var verdict =
      target.map { rate <= $0 + 0.05 ? " (target \(Int($0)): meets)" : " (target \(Int($0)): misses)" } ?? ""
    if let target {
      BenchFigure.report(
        "idle", "wake-ups per second, \(name)", measured: String(printf: "%.1f", rate), target: "\(Int(target))",
        met: rate <= target + 0.05)
    }
    if let workerTarget {
      let worker = after.filter { $0.value.name.hasPrefix("foliotell.speec") }
        .reduce(0) { $0 + $1.value.count - (before[$1.key]?.count ?? 0) }
      let workerRate = Double(worker) / seconds
      let meets = workerRate <= workerTarget + 0.05 ? "meets" : "misses"
      BenchFigure.report(
        "idle", "speech worker wake-ups per second, \(name)", measured: String(printf: "%.1f", workerRate),
        target: "\(Int(workerTarget))", met: workerRate <= workerTarget + 0.05)
      verdict = ", the speech worker " + String(printf: "%.1f", workerRate) + " (target \(Int(workerTarget)): \(meets))"
    }
    print(
      "\(name): " + String(printf: "%.1f", rate) + " wake-ups per second\(verdict)"
        + (busy.isEmpty ? "" : " [" + busy.sorted().joined(separator: ", ") + "]"))
  }

  static func switches(except me: Int32) -> [Int32: (name: String, count: Int)] {
    var result: [Int32: (String, Int)] = [:]
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    for task in tasks {
      guard let tid = Int32(task), tid != me,
        let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8)
      else { continue }
      var name = "?"
      var count = 0
      for line in status.split(separator: "\n") {
        if line.hasPrefix("Name:") { name = line.dropFirst(5).trimmingSpaces() }
        if line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
          count += Int(line.split(separator: ":")[1].trimmingSpaces()) ?? 0
        }
      }
      result[tid] = (name, count)
    }
    return result
  }
}
