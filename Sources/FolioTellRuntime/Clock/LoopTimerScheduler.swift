import FolioTellSystem

/// Timers on the box's event loop: one timerfd for all of them, nothing armed when none is pending.
public final class LoopTimerScheduler: TimerScheduler {
  public let loop: EventLoop

  public init(loop: EventLoop) {
    self.loop = loop
  }

  @discardableResult
  public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> TimerID {
    TimerID(loop.schedule(at: EventLoop.now() + max(delay, 0), action))
  }

  public func cancel(_ timer: TimerID) { loop.cancel(timer.rawValue) }
}
