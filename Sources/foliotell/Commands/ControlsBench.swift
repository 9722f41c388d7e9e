import FolioTellAppliance
import FolioTellControls
import FolioTellCore
import FolioTellInput
import FolioTellRuntime
import FolioTellSpeech
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// `foliotell bench controls`: what input handling costs the box. The real input loop (epoll, timerfd)
/// is fed edges through a pipe, stamped with the monotonic clock the kernel stamps GPIO edges with, so
/// the latency is from an edge's timestamp to the reducer having handled its event.
enum ControlsBench {
  static func run(_ arguments: [String]) {
    var seconds = 3.0
    var presses = 60
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--seconds":
        guard let value = rest.popFirst().flatMap(Double.init), value > 0 else {
          fail("--seconds needs a positive number")
        }
        seconds = value
      case "--presses":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          fail("--presses needs a positive number")
        }
        presses = value
      default: fail("bench controls: unknown option '\(argument)'; use --seconds N --presses N")
      }
    }
    var setup = InputSetup()
    setup.wiring = ControlWiring(buttons: [.init(control: ControlName.next, line: "GPIO27")])
    print("controls benchmark: the input loop fed through a pipe; \(seconds) s per phase, \(presses) presses of NEXT")

    // The whole box, reading the sample book through espeak-ng into the paced virtual sound card; the
    // edges come through a pipe into its input loop.
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { fail("cannot make a pipe: \(String(cString: strerror(errno)))", status: 1) }
    _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
    var config = ApplianceConfig()
    config.input = setup
    var session = LatencyBench.benchSession(audio: "virtual")
    session.useLibrary = false
    session.useGPIO = false
    session.autoplay = false
    session.edgeStreams = [fds[0]]
    let appliance: Appliance
    do {
      appliance = try Appliance(config: config, platform: .desktop, session: session, report: { _ in })
    } catch {
      fail("\(error)", status: 1)
    }
    let runtime = appliance.runtime
    let times = PressTimes()
    runtime.observe { step in
      guard case .control(ControlName.next, let gesture) = step.event, gesture != .release else { return }
      let now = InputLoop.now()
      let time = times.pending.withLock { $0.isEmpty ? nil : $0.removeFirst() }
      if let time { times.latencies.withLock { $0.append(now - time) } }
    }
    appliance.start()
    guard let loop = appliance.controls else { fail("the input loop did not start", status: 1) }

    func phase(_ name: String, _ body: () -> Void) {
      let before = loop.stats
      let started = InputLoop.now()
      body()
      let elapsed = InputLoop.now() - started
      let after = loop.stats
      print(
        name
          + String(
            printf:
              ": %.1f wake-ups/s of the event loop for the controls, %.3f%% of one core for input handling (%ld wake-ups, %.2f ms CPU in %.1f s)",
            Double(after.wakeups - before.wakeups) / elapsed,
            (after.cpuSeconds - before.cpuSeconds) / elapsed * 100,
            after.wakeups - before.wakeups, (after.cpuSeconds - before.cpuSeconds) * 1000, elapsed))
    }
    phase("idle, nothing read") { usleep(useconds_t(seconds * 1e6)) }
    runtime.post(.control(name: ControlName.play, gesture: .short))
    phase("reading, no input") { usleep(useconds_t(seconds * 1e6)) }
    phase("reading, NEXT pressed \(presses) times") {
      for _ in 0..<presses {
        write(fds[1], [EdgeRecord(time: InputLoop.now(), line: "GPIO27", value: 0)])
        usleep(80_000)
        let release = InputLoop.now()
        // A short press carries the time of its release edge.
        times.pending.withLock { $0.append(release) }
        write(fds[1], [EdgeRecord(time: release, line: "GPIO27", value: 1)])
        usleep(70_000)
      }
      usleep(100_000)
    }
    appliance.stop()
    close(fds[1])
    let debounce = ButtonTiming().debounce
    let sorted = times.latencies.withLock { $0 }.sorted()
    guard !sorted.isEmpty else { fail("no press reached the reducer", status: 1) }
    // A press is decided when its release has held for the debounce time: the rest is the box's own work.
    let processing = sorted.map { $0 - debounce }
    func ms(_ value: Double) -> String { String(printf: "%.3f ms", value * 1000) }
    func figures(_ values: [Double]) -> String {
      "median \(ms(values[values.count / 2])), 99th percentile \(ms(values[min(values.count - 1, values.count * 99 / 100)])), worst \(ms(values.last!))"
    }
    print(
      "release edge to reducer event (\(sorted.count) of \(presses) presses): \(figures(sorted)), of which \(ms(debounce)) is the debounce wait by design"
    )
    print("decided to reducer event (without the debounce wait): \(figures(processing)) (target: under 1 ms)")
    let worst = processing.last ?? .infinity
    BenchFigure.report("controls", "press decided to reducer event (worst)", measured: ms(worst), target: "1 ms", met: worst < 0.001)
  }

  static func write(_ fd: Int32, _ edges: [EdgeRecord]) {
    let text = edges.map { $0.jsonLine + "\n" }.joined()
    _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
  }
}

/// The press times the benchmark's observer and its driver share. A class: Swift 6.0.3 crashes on a local
/// Mutex captured by closures ("copy of noncopyable typed value").
private final class PressTimes: Sendable {
  /// Release edges written, waiting for their event.
  let pending = Mutex<[Double]>([])
  /// Release edge to reducer event, in seconds.
  let latencies = Mutex<[Double]>([])
}
