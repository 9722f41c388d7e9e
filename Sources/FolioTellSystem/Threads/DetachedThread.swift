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

  /// Blocks the calling thread for `seconds`.
  public static func sleep(seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
  }
}
