import Dispatch
import Foundation
import Synchronization

/// The system's monotonic clock, in seconds since this value was made.
public struct MonotonicClock: ReaderClock {
  private let origin: ContinuousClock.Instant

  public init() { origin = ContinuousClock.now }

  public func now() -> Double {
    let elapsed = ContinuousClock.now - origin
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }
}

/// Timers on a Dispatch queue; a cancelled timer never runs its action.
public final class DispatchTimerScheduler: TimerScheduler {
  private let queue = DispatchQueue(label: "foliotell.timers")
  private let pending = Mutex<(next: UInt64, live: Set<UInt64>)>((0, []))

  public init() {}

  public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> TimerID {
    let id = pending.withLock { state -> UInt64 in
      state.next += 1
      state.live.insert(state.next)
      return state.next
    }
    queue.asyncAfter(deadline: .now() + max(delay, 0)) { [weak self] in
      guard let self, self.pending.withLock({ $0.live.remove(id) }) != nil else { return }
      action()
    }
    return TimerID(id)
  }

  public func cancel(_ timer: TimerID) {
    _ = pending.withLock { $0.live.remove(timer.rawValue) }
  }
}
