import Synchronization

/// A clock and timer scheduler that move only when told to, so a whole session runs
/// deterministically and as fast as the machine allows.
public final class VirtualClock: BoxClock, TimerScheduler {
  private struct Timer {
    var id: UInt64
    var deadline: Double
    var action: @Sendable () -> Void
  }
  private struct State {
    var now: Double = 0
    var nextID: UInt64 = 0
    var timers: [Timer] = []
  }
  private let state = Mutex(State())

  public init(startingAt time: Double = 0) {
    state.withLock { $0.now = time }
  }

  public func now() -> Double { state.withLock { $0.now } }

  public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> TimerID {
    state.withLock { state in
      state.nextID += 1
      state.timers.append(Timer(id: state.nextID, deadline: state.now + max(delay, 0), action: action))
      return TimerID(state.nextID)
    }
  }

  public func cancel(_ timer: TimerID) {
    state.withLock { $0.timers.removeAll { $0.id == timer.rawValue } }
  }

  public var pendingTimers: Int { state.withLock { $0.timers.count } }

  /// The time of the earliest pending timer.
  public var nextDeadline: Double? { state.withLock { $0.timers.map(\.deadline).min() } }

  /// Moves to the earliest pending timer at or before `limit` and runs it. Returns false when there is none.
  /// Timers with the same deadline run in the order they were scheduled.
  @discardableResult
  public func fireNext(notAfter limit: Double = .infinity) -> Bool {
    let due = state.withLock { state -> Timer? in
      guard
        let index = state.timers.indices.min(by: { lhs, rhs in
          (state.timers[lhs].deadline, state.timers[lhs].id) < (state.timers[rhs].deadline, state.timers[rhs].id)
        }), state.timers[index].deadline <= limit
      else { return nil }
      let timer = state.timers.remove(at: index)
      state.now = max(state.now, timer.deadline)
      return timer
    }
    guard let due else { return false }
    due.action()
    return true
  }

  /// Sets the time forward without running timers; `fireNext` runs the ones now due.
  public func advance(to time: Double) {
    state.withLock { $0.now = max($0.now, time) }
  }
}
