import CSystem
import Glibc

/// A named thread that runs one closure and ends, started straight on pthreads: the shipped binary links
/// FoundationEssentials only, which has no `Thread`.
public enum DetachedThread {
  private final class Box {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Starts `body` on a new detached thread named `name` (the kernel keeps 15 bytes of it, shown by `top -H`).
  public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { argument in
        let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
        box.body()
        return nil
      }, box)
    guard result == 0 else {
      Unmanaged<Box>.fromOpaque(box).release()
      fatalError("could not start the thread \(name): error \(result) (out of memory or the thread limit)")
    }
    folio_set_thread_name(thread, String(name.utf8.prefix(15))!)
    pthread_detach(thread)
  }

  /// Runs `body` with the calling thread named `name`, then gives it its own name back: a thread a library
  /// starts inside `body` inherits `name`, so it can be told from the box's own in `top -H` and
  /// /proc/PID/task (espeak-ng starts one when it is initialized).
  public static func naming<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    var own = [CChar](repeating: 0, count: 16)
    let known = folio_get_thread_name(pthread_self(), &own, own.count) == 0
    folio_set_thread_name(pthread_self(), String(name.utf8.prefix(15))!)
    defer { if known { own.withUnsafeBufferPointer { _ = folio_set_thread_name(pthread_self(), $0.baseAddress!) } } }
    return try body()
  }

  /// Blocks the calling thread for `seconds`.
  public static func sleep(seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
  }
}
