import FolioTellCore
import FolioTellRuntime
import Synchronization

/// The reducer's clock tick, armed only while something needs it: reading (the place is saved every few
/// seconds), a sleep timer, a pause that will release the sound card, a place not yet saved. A box at
/// rest has no tick pending, so nothing wakes.
final class TickKeeper: Sendable {
  static let interval = 5.0
  private let scheduler: any TimerScheduler
  private let armed = Mutex(false)

  init(scheduler: any TimerScheduler) {
    self.scheduler = scheduler
  }

  static func needsTicks(_ state: BoxState) -> Bool {
    switch state.playback.phase {
    case .speaking, .pausing: return true
    case .paused, .idle, .finished: break
    }
    if state.audio.isActive, state.audio.pausedSince != nil { return true }
    // The key describer leaves by itself after its timeout.
    if state.describer != nil { return true }
    return state.position.current != nil && state.position.current != state.position.lastSaved
  }

  /// After every step, on the funnel's thread.
  func stepped(_ step: BoxStep, sink: any EventSink) {
    guard Self.needsTicks(step.after),
      !armed.withLock({
        let was = $0; $0 = true; return was
      })
    else { return }
    scheduler.schedule(after: Self.interval) { [self] in
      armed.withLock { $0 = false }
      sink.post(.clockTicked)
    }
  }
}
