import Synchronization

/// What the store asked of the disk: the figures its benchmark prints.
public final class IOStats: Sendable {
  private let counts = Mutex((bytes: 0, writes: 0, largest: 0, fsyncs: 0))

  public init() {}
  public var bytesWritten: Int { counts.withLock { $0.bytes } }
  public var writes: Int { counts.withLock { $0.writes } }
  public var largestWrite: Int { counts.withLock { $0.largest } }
  public var fsyncs: Int { counts.withLock { $0.fsyncs } }

  func wrote(_ bytes: Int) {
    counts.withLock {
      $0.bytes += bytes
      $0.writes += 1
      $0.largest = max($0.largest, bytes)
    }
  }
  func synced() { counts.withLock { $0.fsyncs += 1 } }
}
