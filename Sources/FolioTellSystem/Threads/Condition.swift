import Glibc

/// A mutex and a condition variable together (what Foundation's `NSCondition` is), on pthreads.
public final class Condition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  public init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  public func lock() { pthread_mutex_lock(mutex) }
  public func unlock() { pthread_mutex_unlock(mutex) }
  /// Waits for a `signal` or `broadcast`; hold the lock, and check the awaited state again after.
  public func wait() { pthread_cond_wait(condition, mutex) }
  public func signal() { pthread_cond_signal(condition) }
  public func broadcast() { pthread_cond_broadcast(condition) }
}
