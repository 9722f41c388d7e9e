import Synchronization

/// A power cut in the middle of the store's writes, for the soak test: once armed, the next append is
/// written only up to a chosen byte, as a pulled plug leaves it, and nothing the store does after that
/// reaches the disk (no repair, no later record), because the box is off.
public final class StorePowerCut: Sendable {
  private struct Plan {
    var keeping: Double?
    var bytesKept: Int?
  }
  private let plan = Mutex(Plan())

  public init() {}

  /// The next append keeps this share (0 up to, not including, 1) of its bytes, then the power is off.
  public func arm(keeping share: Double) {
    plan.withLock { $0.keeping = min(max(share, 0), 0.999_999) }
  }

  /// Whether the power went off, and how many bytes of the torn record reached the disk.
  public var bytesKept: Int? { plan.withLock { $0.bytesKept } }
  public var hasHappened: Bool { bytesKept != nil }

  /// How many of `count` bytes about to be written reach the disk: all of them (nil) while the power is on.
  func bytesReaching(ofWrite count: Int) -> Int? {
    plan.withLock { plan in
      if plan.bytesKept != nil { return 0 }
      guard let share = plan.keeping else { return nil }
      let kept = min(count - 1, Int(Double(count) * share))
      plan.bytesKept = max(kept, 0)
      return plan.bytesKept
    }
  }
}
