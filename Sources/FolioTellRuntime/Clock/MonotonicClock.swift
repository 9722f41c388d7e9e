import FoundationEssentials
import Glibc

/// The system's monotonic clock, in seconds since this value was made.
public struct MonotonicClock: BoxClock {
  private let origin: ContinuousClock.Instant

  public init() { origin = ContinuousClock.now }

  public func now() -> Double {
    let elapsed = ContinuousClock.now - origin
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }
}
