import CGPIOD
import FolioTellControls
import Foundation
import Glibc
import Synchronization

/// One thread that sleeps in epoll until an input has something: a GPIO line's edge, an input device's
/// event, a device plugged in or out, or the moment a held button's long press or repeat is due (a
/// timerfd armed only while a button is held or a press is being debounced). At idle nothing wakes it.
public final class InputLoop: @unchecked Sendable {
  public struct Statistics: Equatable, Sendable {
    /// Times the thread woke from epoll.
    public var wakeups = 0
    /// CPU seconds the thread used.
    public var cpuSeconds = 0.0
  }

  private let setup: InputSetup
  private let handle: @Sendable (ControlOutput) -> Void
  private let report: @Sendable (String) -> Void
  private let record: (@Sendable (EdgeRecord) -> Void)?
  private var decoder: ControlDecoder
  private var gpio: GPIOLines?
  private var devices: InputDevices?
  private var edgeSources: [Int32: EdgeStreamReader] = [:]
  private let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
  private let timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
  private let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
  private var thread: Thread?
  private var isStopped = false
  private let finished = DispatchSemaphore(value: 0)
  private let statistics = Mutex(Statistics())

  /// `handle` gets each decoded control on the loop's thread (post it to the funnel); `report` gets
  /// messages about devices; `record` gets every raw GPIO edge (for `controls --record`).
  public init(
    setup: InputSetup, record: (@Sendable (EdgeRecord) -> Void)? = nil, report: @escaping @Sendable (String) -> Void,
    handle: @escaping @Sendable (ControlOutput) -> Void
  ) {
    self.setup = setup
    self.handle = handle
    self.report = report
    self.record = record
    decoder = ControlDecoder(setup.wiring)
  }

  public var stats: Statistics { statistics.withLock { $0 } }

  /// Requests the GPIO lines (an error here is the wiring's: it names chip, line and file) and opens the
  /// input devices, then starts the thread. Without GPIO lines in the wiring, only devices are used.
  public func start(useGPIO: Bool = true, useDevices: Bool = true) throws(GPIOError) {
    if useGPIO, !setup.wiring.lines.isEmpty {
      let lines = try GPIOLines(wiring: setup.wiring, source: setup.sourceDescription)
      gpio = lines
      for (index, line) in lines.lines.enumerated() {
        add(line.fd, token: 100 + UInt64(index))
        // Where each line rests now: an encoder counts clicks from there.
        let level = lines.level(line)
        decoder.setLevel(line: line.name, level: level)
        // Nobody holds a button while the box starts: one that reads pressed is wired or set up wrongly.
        if decoder.buttonIsPressed(line: line.name, level: level) == true,
          let button = setup.wiring.buttons.first(where: { $0.line == line.name })
        {
          report(
            "\(button.control) on \(line.name) reads pressed at start: check its wiring, or \"activeLow\" in \(setup.sourceDescription); it acts when it is let go and pressed again"
          )
        }
      }
    }
    if useDevices {
      let found = InputDevices(folder: setup.inputDevices, grab: setup.grabDevices, keys: setup.keys) { [report] in
        report($0)
      }
      devices = found
      add(found.watch, token: 1)
      for fd in found.openExisting() { add(fd, token: 1_000_000 + UInt64(fd)) }
    }
    add(timer, token: 2)
    add(wake, token: 3)
    let thread = Thread { [self] in run() }
    thread.name = "foliotell.input"
    self.thread = thread
    thread.start()
  }

  /// Edges from a stream of JSON lines (the `controls --record` format) on `fd`, with `t` on the monotonic
  /// clock: how the benchmark and tests feed the real loop without GPIO hardware. Call before `start`.
  public func addEdgeStream(fd: Int32) {
    edgeSources[fd] = EdgeStreamReader()
    add(fd, token: 2_000_000 + UInt64(fd))
  }

  /// Ends the thread (if it runs) and lets go of lines, devices and descriptors; safe to call once a start failed.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    if thread != nil {
      var one: UInt64 = 1
      _ = write(wake, &one, 8)
      finished.wait()
      thread = nil
    }
    gpio?.close()
    devices?.closeAll()
    close(epoll)
    close(timer)
    close(wake)
  }

  private func add(_ fd: Int32, token: UInt64) {
    var event = epoll_event(
      events: EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue, data: epoll_data(u64: token))
    _ = epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
  }

  private func run() {
    var events = [epoll_event](repeating: epoll_event(), count: 16)
    running: while true {
      let count = epoll_wait(epoll, &events, Int32(events.count), -1)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var timerFired = false
      for event in events[0..<Int(count)] {
        let token = event.data.u64
        switch token {
        case 3: break running
        case 2:
          var expirations: UInt64 = 0
          _ = read(timer, &expirations, 8)
          timerFired = true
        case 1:
          guard let devices else { continue }
          for fd in devices.folderChanged() { add(fd, token: 1_000_000 + UInt64(fd)) }
        case 100..<1_000_000:
          guard let gpio else { continue }
          let line = gpio.lines[Int(token - 100)]
          guard let edges = gpio.readEdges(line) else {
            // The chip went away (a USB or I2C expander unplugged): said once, and no longer watched.
            _ = epoll_ctl(epoll, EPOLL_CTL_DEL, line.fd, nil)
            report(
              "GPIO line \(line.name) cannot be read any more (\(String(cString: strerror(errno)))); its control is off until foliotell restarts"
            )
            continue
          }
          for edge in edges {
            record?(EdgeRecord(time: edge.time, line: line.name, value: edge.level))
            deliver(decoder.edge(line: line.name, level: edge.level, at: edge.time))
          }
        case 1_000_000..<2_000_000:
          let fd = Int32(token - 1_000_000)
          guard let devices, let read = devices.readEvents(fd) else { continue }
          for inputEvent in read { deviceEvent(inputEvent, translated: devices.translate(inputEvent, from: fd)) }
        default:
          let fd = Int32(token - 2_000_000)
          guard let reader = edgeSources[fd] else { continue }
          let (edges, open) = reader.read(fd)
          for edge in edges { deliver(decoder.edge(line: edge.line, level: edge.value, at: edge.time)) }
          if !open {
            _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
            edgeSources[fd] = nil
          }
        }
      }
      // After the edges of this wake-up: a release read in the same batch comes before a long press due now.
      if timerFired { deliver(decoder.advance(to: Self.now())) }
      armTimer()
      let cpu = Self.threadCPU()
      statistics.withLock {
        $0.wakeups += 1
        $0.cpuSeconds = cpu
      }
    }
    finished.signal()
  }

  private func deviceEvent(_ event: InputEvent, translated: DeviceInput?) {
    switch translated {
    case .key(let control, let down, let time)?:
      deliver(decoder.key(control: control, down: down, at: time, timing: setup.keyTiming))
    case .turn(let control, let steps, let time)?:
      deliver(decoder.turn(control: control, steps: steps, at: time))
    case nil:
      break
    }
  }

  private func deliver(_ outputs: [ControlOutput]) { for output in outputs { handle(output) } }

  /// Sleeps until the decoder's next deadline, or for ever when nothing is held.
  private func armTimer() {
    var setting = itimerspec()
    if let deadline = decoder.deadline {
      // A deadline already past fires at once (a zero it_value would disarm the timer).
      let seconds = max(deadline, 1e-9)
      setting.it_value = timespec(tv_sec: Int(seconds), tv_nsec: max(1, Int((seconds - seconds.rounded(.down)) * 1e9)))
    }
    _ = timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &setting, nil)
  }

  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func threadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// Reads JSON-line edges from a pipe, keeping a line cut by a read for the next one.
final class EdgeStreamReader {
  private var pending: [UInt8] = []

  func read(_ fd: Int32) -> (edges: [EdgeRecord], open: Bool) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var edges: [EdgeRecord] = []
    while true {
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN { return (edges, true) }
      if count < 0 { return (edges, false) }
      if count == 0 { return (edges, false) }
      pending += buffer[0..<count]
      while let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        if let parsed = try? EdgeStream.parse(line, file: "edge stream") { edges += parsed }
      }
    }
  }
}
