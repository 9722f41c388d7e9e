import Synchronization

/// Jobs run one at a time, in the order given, on a thread that exists only while there are jobs: the
/// first job starts it, and it ends when none is left. Slow work that must not hold up the event loop
/// (reading a book, scanning a drive) goes here, and a box at rest has no thread for it.
public final class PassingWorker: Sendable {
  private struct Jobs {
    var waiting: [@Sendable () -> Void] = []
    var running = false
  }

  private let name: String
  private let jobs = Mutex(Jobs())

  public init(name: String) {
    self.name = name
  }

  public func run(_ job: @escaping @Sendable () -> Void) {
    let start = jobs.withLock { jobs -> Bool in
      jobs.waiting.append(job)
      guard !jobs.running else { return false }
      jobs.running = true
      return true
    }
    guard start else { return }
    DetachedThread.start(name: name) { [self] in
      // The last job taken and the thread's end are one locked step: a job given after it starts a thread.
      while let next = jobs.withLock({ jobs -> (@Sendable () -> Void)? in
        guard !jobs.waiting.isEmpty else {
          jobs.running = false
          return nil
        }
        return jobs.waiting.removeFirst()
      }) {
        next()
      }
    }
  }

  /// Whether a job is running or waiting.
  public var isBusy: Bool { jobs.withLock { $0.running } }
}
