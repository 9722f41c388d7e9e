import Dispatch
import FolioTellCore
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// One FIFO queue of events, drained one at a time. Events may be posted from any thread; the handler
/// is never re-entered, so an event posted while one is being handled waits behind the ones already queued.
public final class EventFunnel<Event: Sendable>: Sendable {
  private struct Queue {
    var events: [Event] = []
    var head = 0
    var draining = false
    var stopped = false
    var started = false
    var handler: (@Sendable (Event) -> Void)?

    mutating func pop() -> Event? {
      guard head < events.count else {
        events.removeAll(keepingCapacity: true)
        head = 0
        return nil
      }
      defer { head += 1 }
      return events[head]
    }
  }

  private let queue = Mutex(Queue())
  private let wakeup = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  public init() {}

  /// Installs the one handler every event goes to. Events posted before it is attached wait for it.
  public func attach(_ handler: @escaping @Sendable (Event) -> Void) {
    queue.withLock { $0.handler = handler }
  }

  public func post(_ event: Event) {
    queue.withLock { $0.events.append(event) }
    wakeup.signal()
  }

  /// Events waiting to be handled.
  public var backlog: Int { queue.withLock { $0.events.count - $0.head } }

  /// Handles queued events on the calling thread until the queue is empty, including the follow-ups
  /// they cause. Returns how many it handled; 0 when another thread is already draining (or when called
  /// from inside the handler, whose follow-ups the running drain picks up).
  @discardableResult
  public func drain() -> Int {
    guard
      let handler = queue.withLock({ queue -> (@Sendable (Event) -> Void)? in
        guard !queue.draining, let handler = queue.handler else { return nil }
        queue.draining = true
        return handler
      })
    else { return 0 }
    var handled = 0
    while let event = queue.withLock({ $0.pop() }) {
      handler(event)
      handled += 1
    }
    queue.withLock { $0.draining = false }
    return handled
  }

  /// Drains on a thread of the funnel's own, sleeping until events arrive, until `stop()`.
  ///
  /// With a `heartbeat`, the thread also runs its action at least every `interval` seconds, between events:
  /// systemd's watchdog ping comes from the thread that must stay alive, so a handler that never returns
  /// stops the pings and gets the box restarted. Without one, an idle funnel never wakes.
  public func start(heartbeat: (interval: Double, action: @Sendable () -> Void)? = nil) {
    queue.withLock { $0.started = true }
    DetachedThread.start(name: "foliotell.funnel") { [self] in
      var lastBeat = ContinuousClock.now
      heartbeat?.action()
      while true {
        if let heartbeat {
          let due = lastBeat + .milliseconds(Int64(heartbeat.interval * 1000))
          let left = due - ContinuousClock.now
          let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
          if seconds > 0 { _ = wakeup.wait(timeout: .now() + seconds) }
        } else {
          wakeup.wait()
        }
        drain()
        if let heartbeat, ContinuousClock.now - lastBeat >= .milliseconds(Int64(heartbeat.interval * 1000)) {
          heartbeat.action()
          lastBeat = ContinuousClock.now
        }
        if queue.withLock({ $0.stopped }) {
          finished.signal()
          return
        }
      }
    }
  }

  /// Stops the funnel's thread once every event posted so far has been handled, and waits for it,
  /// so a stop posted just before (and the place it saves) is not lost on the way out.
  public func stop() {
    let started = queue.withLock { queue -> Bool in
      queue.stopped = true
      return queue.started
    }
    wakeup.signal()
    if started { finished.wait() }
  }
}

extension EventFunnel: EventSink where Event == BoxEvent {}
