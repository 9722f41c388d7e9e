import FolioTellSystem
import FoundationEssentials
import Glibc

/// Lets a driver run the speech worker in turns, as the virtual platform does: the worker takes a request
/// or goes on after the sound card let it only while the gate is open, and the driver closes it while it
/// hands the engine new commands. So the worker never races the driver, and a run is the same every time.
public final class WorkerGate: @unchecked Sendable {
  private let condition = Condition()
  private var isOpen: Bool

  public init(open: Bool = true) {
    isOpen = open
  }

  /// Returns once the gate is open.
  public func pass() {
    condition.lock()
    while !isOpen { condition.wait() }
    condition.unlock()
  }

  public func set(open: Bool) {
    condition.lock()
    isOpen = open
    condition.broadcast()
    condition.unlock()
  }
}
