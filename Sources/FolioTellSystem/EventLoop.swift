import CSystem
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// One thread asleep in epoll for every source the box has besides speech: descriptors (GPIO lines,
/// input devices, inotify, the mount table), one timerfd for every timer, an eventfd to run work on
/// the loop from other threads, and a signalfd. With nothing due it wakes for nothing.
///
/// Handlers run on the loop's thread, one at a time; they must not block for long.
public final class EventLoop: Sendable {
  public typealias Handler = @Sendable (_ events: UInt32) -> Void

  private struct Timer {
    var id: UInt64
    var deadline: Double
    var action: @Sendable () -> Void
  }
  private struct State {
    var handlers: [Int32: Handler] = [:]
    var timers: [Timer] = []
    var nextTimer: UInt64 = 0
    var armedFor: Double?
    var work: [@Sendable () -> Void] = []
    var stopped = false
    var wakeups = 0
    var threadStarted = false
    var runner: pthread_t?
  }

  private let epoll: FileDescriptor
  private let wake: FileDescriptor
  private let timer: FileDescriptor
  private let state = Mutex(State())
  private let finished = Mutex<Bool>(false)
  private let exited = DispatchSemaphore(value: 0)

  public init() throws(SystemError) {
    epoll = try FileDescriptor("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    wake = try FileDescriptor("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
    timer = try FileDescriptor("timerfd_create") {
      timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
    }
    try add(wake.raw, events: UInt32(EPOLLIN.rawValue))
    try add(timer.raw, events: UInt32(EPOLLIN.rawValue))
  }

  /// Seconds on the monotonic clock (the clock of the kernel's GPIO and input timestamps).
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Times the loop woke from epoll.
  public var wakeups: Int { state.withLock { $0.wakeups } }

  // MARK: - Sources

  /// Ready to read (the default of `watch`).
  public static let readable = UInt32(EPOLLIN.rawValue)
  /// An exceptional condition: how /proc/self/mounts says the mount table changed.
  public static let priority = UInt32(EPOLLPRI.rawValue)

  /// Calls `handler` on the loop's thread whenever `fd` is ready (`EPOLLIN` by default; hang-ups and
  /// errors too, so a handler sees a device that went away).
  public func watch(_ fd: Int32, events: UInt32 = UInt32(EPOLLIN.rawValue), _ handler: @escaping Handler)
    throws(SystemError)
  {
    let previous = state.withLock { state -> Handler? in
      defer { state.handlers[fd] = handler }
      return state.handlers[fd]
    }
    do {
      try add(fd, events: events | UInt32(EPOLLHUP.rawValue) | UInt32(EPOLLERR.rawValue))
    } catch {
      state.withLock { $0.handlers[fd] = previous }
      throw error
    }
  }

  /// Stops watching `fd` (before it is closed).
  public func unwatch(_ fd: Int32) {
    state.withLock { $0.handlers[fd] = nil }
    _ = epoll_ctl(epoll.raw, EPOLL_CTL_DEL, fd, nil)
  }

  private func add(_ fd: Int32, events: UInt32) throws(SystemError) {
    var event = epoll_event(events: events, data: epoll_data(fd: fd))
    do {
      try SystemCall.run("epoll_ctl") { epoll_ctl(epoll.raw, EPOLL_CTL_ADD, fd, &event) }
    } catch  where error.code == EEXIST {
      // Watched again (a descriptor number reused): the new events and handler replace the old.
      try SystemCall.run("epoll_ctl") { epoll_ctl(epoll.raw, EPOLL_CTL_MOD, fd, &event) }
    }
  }

  /// Runs `action` on the loop's thread soon (from any thread).
  public func perform(_ action: @escaping @Sendable () -> Void) {
    state.withLock { $0.work.append(action) }
    signal()
  }

  private func signal() {
    var one: UInt64 = 1
    _ = write(wake.raw, &one, 8)
  }

  // MARK: - Timers

  /// Runs `action` on the loop's thread at `deadline` (monotonic seconds). Returns an id for `cancel`.
  @discardableResult
  public func schedule(at deadline: Double, _ action: @escaping @Sendable () -> Void) -> UInt64 {
    let (id, rearm) = state.withLock { state -> (UInt64, Bool) in
      state.nextTimer += 1
      state.timers.append(Timer(id: state.nextTimer, deadline: deadline, action: action))
      return (state.nextTimer, state.armedFor.map { deadline < $0 } ?? true)
    }
    if rearm { armTimer() }
    return id
  }

  public func cancel(_ id: UInt64) {
    state.withLock { $0.timers.removeAll { $0.id == id } }
    // A cancelled timer must not wake the loop for nothing.
    armTimer()
  }

  /// Sets the timerfd to the earliest timer, or disarms it. Done under the lock: a timer scheduled from
  /// another thread at the same moment cannot be disarmed by a stale earliest deadline.
  private func armTimer() {
    state.withLock { state in
      let earliest = state.timers.map(\.deadline).min()
      state.armedFor = earliest
      var setting = itimerspec()
      if let deadline = earliest {
        // A deadline already past fires at once (a zero it_value would disarm the timer).
        let seconds = max(deadline, 1e-9)
        setting.it_value = timespec(
          tv_sec: Int(seconds), tv_nsec: max(1, Int((seconds - seconds.rounded(.down)) * 1e9)))
      }
      _ = timerfd_settime(timer.raw, Int32(TFD_TIMER_ABSTIME), &setting, nil)
    }
  }

  // MARK: - Signals

  /// Takes `signals` through a signalfd: `handler` runs on the loop's thread for each. The signals are
  /// blocked for the calling thread; call this before any other thread is made, so every thread inherits
  /// the mask and none takes them the default way.
  public func handle(signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) throws(SystemError) {
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    try SystemCall.run("pthread_sigmask") { Int32(-pthread_sigmask(SIG_BLOCK, &set, nil)) }
    let descriptor = try FileDescriptor("signalfd") { signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }
    try watch(descriptor.raw) { _ in
      var info = signalfd_siginfo()
      while read(descriptor.raw, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
        handler(Int32(info.ssi_signo))
      }
    }
  }

  // MARK: - Running

  /// Runs on the calling thread until `stop`.
  public func run() {
    state.withLock { $0.runner = pthread_self() }
    var events = [epoll_event](repeating: epoll_event(), count: 32)
    while !state.withLock({ $0.stopped }) {
      let count = epoll_wait(epoll.raw, &events, Int32(events.count), -1)
      if count < 0 {
        if folio_errno() == EINTR { continue }
        break
      }
      state.withLock { $0.wakeups += 1 }
      var timerFired = false
      for event in events[0..<Int(count)] {
        let fd = event.data.fd
        if fd == wake.raw {
          var value: UInt64 = 0
          _ = read(wake.raw, &value, 8)
        } else if fd == timer.raw {
          var expirations: UInt64 = 0
          _ = read(timer.raw, &expirations, 8)
          timerFired = true
        } else if let handler = state.withLock({ $0.handlers[fd] }) {
          handler(event.events)
        }
      }
      // Work and timers after the descriptors of this wake-up: an edge read in the same batch comes first.
      for action in state.withLock({ state -> [@Sendable () -> Void] in
        defer { state.work = [] }
        return state.work
      }) {
        action()
      }
      if timerFired || state.withLock({ $0.armedFor.map { $0 <= Self.now() } ?? false }) { fireTimers() }
    }
    finished.withLock { $0 = true }
    exited.signal()
  }

  private func fireTimers() {
    while true {
      let now = Self.now()
      let due = state.withLock { state -> Timer? in
        guard
          let index = state.timers.indices.min(by: {
            (state.timers[$0].deadline, state.timers[$0].id) < (state.timers[$1].deadline, state.timers[$1].id)
          }), state.timers[index].deadline <= now
        else { return nil }
        return state.timers.remove(at: index)
      }
      guard let due else { break }
      due.action()
    }
    armTimer()
  }

  /// Runs the loop on a thread of its own.
  public func start(name: String) {
    state.withLock { $0.threadStarted = true }
    DetachedThread.start(name: name) { [self] in run() }
  }

  /// Ends `run` after the wake-up in progress (from any thread, or a handler).
  public func stop() {
    state.withLock { $0.stopped = true }
    signal()
  }

  /// Stops the loop's own thread (see `start`) and waits until it has left `run`.
  public func stopAndWait() {
    let started = state.withLock { $0.threadStarted }
    stop()
    if started, !hasFinished { exited.wait() }
  }

  /// Whether the caller is the loop's own thread (inside a handler, a timer or `perform`).
  public var isOnLoopThread: Bool {
    guard let runner = state.withLock({ $0.runner }) else { return false }
    return pthread_equal(runner, pthread_self()) != 0
  }

  /// Whether a thread is in `run` now.
  public var isRunning: Bool { state.withLock { $0.runner != nil } && !hasFinished }

  /// Whether `run` has returned.
  public var hasFinished: Bool { finished.withLock { $0 } }
}
