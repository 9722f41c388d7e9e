import Synchronization

/// A callback set once and called from other threads. A closure kept directly in a `Mutex` is wrapped in
/// one more reabstraction thunk on every `withLock` (the function value goes through the generic Mutex as
/// an inout), so a long run built a chain of hundreds of thousands of thunks whose release overflowed the
/// stack at exit. A class reference goes through unchanged.
public final class CallbackSlot<Argument, Result>: Sendable {
  private final class Callback: Sendable {
    let call: @Sendable (Argument) -> Result
    init(_ call: @escaping @Sendable (Argument) -> Result) { self.call = call }
  }

  private let callback = Mutex<Callback?>(nil)

  public init() {}

  public func set(_ call: @escaping @Sendable (Argument) -> Result) { callback.withLock { $0 = Callback(call) } }

  /// The callback's result, or nil while none is set.
  @discardableResult
  public func call(_ argument: Argument) -> Result? { callback.withLock { $0 }?.call(argument) }
}

extension CallbackSlot where Argument == Void {
  @discardableResult
  public func call() -> Result? { call(()) }
}
