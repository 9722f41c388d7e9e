import Dispatch
import FolioTellCore
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// One FIFO queue of events, drained one at a time on the box's event loop, which its eventfd wakes.
/// Events may be posted from any thread; the handler is never re-entered, so an event posted while one
/// is being handled waits behind the ones already queued.
public final class EventFunnel<Event: Sendable>: Sendable {
  private struct Queue {
    var events: [Event] = []
    var head = 0
    var draining = false
    /// A drain is already asked of the loop and has not begun.
    var scheduled = false
    var stopped = false
    var loop: EventLoop?
    var heartbeat: UInt64?
    /// A loop made for the funnel alone (tools and tests), stopped with it.
    var ownLoop: EventLoop?
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

  public init() {}

  /// Installs the one handler every event goes to. Events posted before it is attached wait for it.
  public func attach(_ handler: @escaping @Sendable (Event) -> Void) {
    queue.withLock { $0.handler = handler }
  }

  public func post(_ event: Event) {
    let wake = queue.withLock { queue -> EventLoop? in
      queue.events.append(event)
      // A drain under way takes it; else the loop is asked once for a drain.
      guard let loop = queue.loop, !queue.draining, !queue.scheduled, !queue.stopped else { return nil }
      queue.scheduled = true
      return loop
    }
    wake?.perform { [self] in
      queue.withLock { $0.scheduled = false }
      drain()
    }
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
    // The queue found empty and the drain ended in one locked step: an event posted after it asks the loop.
    while let event = queue.withLock({ queue -> Event? in
      let event = queue.pop()
      if event == nil { queue.draining = false }
      return event
    }) {
      handler(event)
      handled += 1
    }
    return handled
  }

  /// Drains on `loop`'s thread from now on, woken by its eventfd when an event is posted.
  ///
  /// With a `heartbeat`, the loop also runs its action every `interval` seconds: systemd's watchdog ping
  /// comes from the thread that handles events, so a handler that never returns stops the pings and gets
  /// the box restarted. Without one, an idle funnel never wakes.
  public func start(on loop: EventLoop, heartbeat: (interval: Double, action: @Sendable () -> Void)? = nil) {
    let waiting = queue.withLock { queue -> Bool in
      queue.loop = loop
      queue.stopped = false
      queue.scheduled = queue.head < queue.events.count
      return queue.scheduled
    }
    if waiting {
      loop.perform { [self] in
        queue.withLock { $0.scheduled = false }
        drain()
      }
    }
    if let heartbeat {
      loop.perform { heartbeat.action() }
      beat(heartbeat, on: loop)
    }
  }

  /// Drains on an event loop of its own, on a thread named `name`, for a program or test with no loop
  /// of its own; `stop` ends both.
  public func startOnLoopOfItsOwn(name: String = "foliotell.loop") throws(SystemError) {
    let loop = try EventLoop()
    queue.withLock { $0.ownLoop = loop }
    loop.start(name: name)
    start(on: loop)
  }

  private func beat(_ heartbeat: (interval: Double, action: @Sendable () -> Void), on loop: EventLoop) {
    let id = loop.schedule(at: EventLoop.now() + heartbeat.interval) { [self] in
      guard !queue.withLock({ $0.stopped }) else { return }
      heartbeat.action()
      beat(heartbeat, on: loop)
    }
    queue.withLock { $0.heartbeat = id }
  }

  /// Stops draining on the loop once every event posted so far has been handled, so a stop posted just
  /// before (and the place it saves) is not lost on the way out. From the loop's own thread (a signal's
  /// handler) it drains at once; from another thread it waits for the loop to have drained.
  public func stop() {
    let (loop, heartbeat, own) = queue.withLock { queue -> (EventLoop?, UInt64?, EventLoop?) in
      queue.stopped = true
      defer {
        queue.loop = nil
        queue.ownLoop = nil
      }
      return (queue.loop, queue.heartbeat, queue.ownLoop)
    }
    if let heartbeat { loop?.cancel(heartbeat) }
    defer { own?.stopAndWait() }
    guard let loop, !loop.isOnLoopThread, loop.isRunning else {
      drain()
      return
    }
    let drained = DispatchSemaphore(value: 0)
    loop.perform { [self] in
      drain()
      drained.signal()
    }
    drained.wait()
  }
}

extension EventFunnel: EventSink where Event == BoxEvent {}
