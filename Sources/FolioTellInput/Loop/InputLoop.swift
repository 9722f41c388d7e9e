import CGPIOD
import Dispatch
import FolioTellControls
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The controls' sources on the box's event loop: GPIO lines' edges, input devices' events, devices
/// plugged in or out, and the moment a held button's long press or repeat is due (a timer on the loop,
/// pending only while a button is held or a press is being debounced). At idle nothing wakes.
///
/// Given the box's `EventLoop`, it adds its descriptors to it; without one (`foliotell controls`, tests)
/// it makes a loop and runs it on a thread of its own. Its handlers run on the loop's thread, the only
/// one that touches the decoder after `start`.
public final class InputLoop: @unchecked Sendable {
  public struct Statistics: Equatable, Sendable {
    /// Times the loop woke for the controls.
    public var wakeups = 0
    /// CPU seconds the loop's thread used, as of its last wake-up for the controls.
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
  private var watched: Set<Int32> = []
  private var timer: UInt64?
  private let loop: EventLoop
  private let ownsLoop: Bool
  private var isStarted = false
  private var isStopped = false
  private let statistics = Mutex(Statistics())

  /// `handle` gets each decoded control on the loop's thread (post it to the funnel); `report` gets
  /// messages about devices; `record` gets every raw GPIO edge (for `controls --record`).
  public init(
    setup: InputSetup, loop: EventLoop? = nil, record: (@Sendable (EdgeRecord) -> Void)? = nil,
    report: @escaping @Sendable (String) -> Void, handle: @escaping @Sendable (ControlOutput) -> Void
  ) throws(SystemError) {
    self.setup = setup
    self.handle = handle
    self.report = report
    self.record = record
    decoder = ControlDecoder(setup.wiring)
    if let loop {
      self.loop = loop
      ownsLoop = false
    } else {
      self.loop = try EventLoop()
      ownsLoop = true
    }
  }

  public var stats: Statistics { statistics.withLock { $0 } }

  /// Whether anything could be pressed when the loop started: GPIO lines, an input device with a key or
  /// knob the box uses, or a stream of recorded edges.
  public private(set) var hasControlsAtStart = false

  /// Requests the GPIO lines (an error here is the wiring's: it names chip, line and file) and opens the
  /// input devices, and adds them to the loop. Without GPIO lines in the wiring, only devices are used.
  public func start(useGPIO: Bool = true, useDevices: Bool = true) throws(GPIOError) {
    if useGPIO, !setup.wiring.lines.isEmpty {
      let lines = try GPIOLines(wiring: setup.wiring, source: setup.sourceDescription)
      gpio = lines
      for (index, line) in lines.lines.enumerated() {
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
        watch(line.fd) { [unowned self] in lineReady(index) }
      }
    }
    if useDevices {
      let found = InputDevices(folder: setup.inputDevices, grab: setup.grabDevices, keys: setup.keys) { [report] in
        report($0)
      }
      devices = found
      watch(found.watch) { [unowned self] in
        guard let devices else { return }
        for fd in devices.folderChanged() { watchDevice(fd) }
      }
      let opened = found.openExisting()
      for fd in opened { watchDevice(fd) }
      hasControlsAtStart = hasControlsAtStart || !opened.isEmpty
    }
    hasControlsAtStart = hasControlsAtStart || gpio != nil || !edgeSources.isEmpty
    for fd in edgeSources.keys { watch(fd) { [unowned self] in edgeStreamReady(fd) } }
    isStarted = true
    if ownsLoop { loop.start(name: "foliotell.input") }
  }

  /// Edges from a stream of JSON lines (the `controls --record` format) on `fd`, with `t` on the monotonic
  /// clock: how the benchmark and tests feed the real loop without GPIO hardware. Call before `start`.
  public func addEdgeStream(fd: Int32) {
    edgeSources[fd] = EdgeStreamReader()
  }

  /// Takes its descriptors off the loop (and ends the loop's thread when it is its own) and lets go of
  /// lines and devices; safe to call once a start failed.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    if ownsLoop {
      if isStarted { loop.stopAndWait() }
    } else if isStarted, !loop.hasFinished, !loop.isOnLoopThread {
      // The loop's thread may be in a handler of ours: take ours off on that thread, and wait for it.
      let removed = DispatchSemaphore(value: 0)
      loop.perform { [self] in
        unwatchAll()
        removed.signal()
      }
      if removed.wait(timeout: .now() + 2) == .timedOut { unwatchAll() }
    }
    unwatchAll()
    gpio?.close()
    devices?.closeAll()
  }

  private func unwatchAll() {
    for fd in watched { loop.unwatch(fd) }
    watched = []
    if let timer { loop.cancel(timer) }
    timer = nil
  }

  private func watch(_ fd: Int32, _ ready: @escaping () -> Void) {
    let body = UncheckedHandler(ready)
    do {
      try loop.watch(fd) { [unowned self] _ in
        body.run()
        afterWakeup()
      }
      watched.insert(fd)
    } catch {
      report("cannot watch an input (\(error)); that control is off")
    }
  }

  private func watchDevice(_ fd: Int32) {
    watch(fd) { [unowned self] in
      guard let devices else { return }
      guard let read = devices.readEvents(fd) else {
        // Unplugged: the device is closed by InputDevices; stop watching its descriptor.
        loop.unwatch(fd)
        watched.remove(fd)
        return
      }
      for inputEvent in read { deviceEvent(inputEvent, translated: devices.translate(inputEvent, from: fd)) }
    }
  }

  private func lineReady(_ index: Int) {
    guard let gpio else { return }
    let line = gpio.lines[index]
    guard let edges = gpio.readEdges(line) else {
      // The chip went away (a USB or I2C expander unplugged): said once, and no longer watched.
      loop.unwatch(line.fd)
      watched.remove(line.fd)
      report(
        "GPIO line \(line.name) cannot be read any more (\(String(cString: strerror(errno)))); its control is off until foliotell restarts"
      )
      return
    }
    for edge in edges {
      record?(EdgeRecord(time: edge.time, line: line.name, value: edge.level))
      deliver(decoder.edge(line: line.name, level: edge.level, at: edge.time))
    }
  }

  private func edgeStreamReady(_ fd: Int32) {
    guard let reader = edgeSources[fd] else { return }
    let (edges, open) = reader.read(fd)
    for edge in edges { deliver(decoder.edge(line: edge.line, level: edge.value, at: edge.time)) }
    if !open {
      loop.unwatch(fd)
      watched.remove(fd)
      edgeSources[fd] = nil
    }
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

  /// After each wake-up for the controls: the next long press or repeat, and the figures.
  private func afterWakeup() {
    armTimer()
    let cpu = Self.threadCPU()
    statistics.withLock {
      $0.wakeups += 1
      $0.cpuSeconds = cpu
    }
  }

  /// A timer on the loop at the decoder's next deadline; none while nothing is held.
  private func armTimer() {
    if let timer { loop.cancel(timer) }
    timer = nil
    guard let deadline = decoder.deadline else { return }
    timer = loop.schedule(at: deadline) { [unowned self] in
      timer = nil
      deliver(decoder.advance(to: Self.now()))
      afterWakeup()
    }
  }

  public static func now() -> Double { EventLoop.now() }

  static func threadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// A handler of the loop's thread: the input loop's state is only touched there.
private struct UncheckedHandler: @unchecked Sendable {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
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
