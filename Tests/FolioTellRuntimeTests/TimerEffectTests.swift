import FolioTellCore
import FolioTellSystem
import FolioTellTestSupport
import Foundation
import Synchronization
import Testing

@testable import FolioTellRuntime

/// The reducer's timers are effects the handler carries out: on the virtual clock in tests and scripted
/// runs, on the event loop's timerfd in the box. Both meet the same contract: a started timer posts
/// `timerFired` once, after its delay; starting it again before it fired replaces it.
@Suite struct TimerEffectTests {
  final class Events: EventSink {
    let posted = Mutex<[BoxEvent]>([])
    let arrived = DispatchSemaphore(value: 0)
    func post(_ event: BoxEvent) {
      posted.withLock { $0.append(event) }
      arrived.signal()
    }
    var all: [BoxEvent] { posted.withLock { $0 } }
  }

  /// Runs the virtual clock's timers due up to `time`, then sets it there.
  static func run(_ clock: VirtualClock, to time: Double) {
    while clock.fireNext(notAfter: time) {}
    clock.advance(to: time)
  }

  static func handler(_ timers: any TimerScheduler) -> EffectHandler {
    EffectHandler(
      speech: RecordingSpeechEngine(), audio: SilentAudioOutput(), store: InMemoryPositionStore(), timers: timers)
  }

  @Test func onTheVirtualClockATimerFiresOnceAfterItsDelay() {
    let clock = VirtualClock()
    let events = Events()
    Self.handler(clock).perform(.startTimer(.tick, after: 5), in: BoxState(), sink: events)
    Self.run(clock, to: 4.9)
    #expect(events.all.isEmpty)
    Self.run(clock, to: 5)
    #expect(events.all == [.timerFired(.tick)])
    Self.run(clock, to: 60)
    #expect(events.all == [.timerFired(.tick)])
  }

  @Test func onTheVirtualClockStartingAgainReplacesTheTimer() {
    let clock = VirtualClock()
    let events = Events()
    let handler = Self.handler(clock)
    handler.perform(.startTimer(.tick, after: 5), in: BoxState(), sink: events)
    Self.run(clock, to: 3)
    handler.perform(.startTimer(.tick, after: 5), in: BoxState(), sink: events)
    Self.run(clock, to: 7.9)
    #expect(events.all.isEmpty)
    Self.run(clock, to: 8)
    #expect(events.all == [.timerFired(.tick)])
    #expect(clock.pendingTimers == 0)
  }

  @Test func onTheEventLoopATimerFiresOnceAndStartingAgainReplacesIt() throws {
    let loop = try EventLoop()
    loop.start(name: "timer-test")
    defer { loop.stopAndWait() }
    let events = Events()
    let handler = Self.handler(LoopTimerScheduler(loop: loop))
    let started = EventLoop.now()
    // The first is replaced before it is due: only the second fires.
    loop.perform { handler.perform(.startTimer(.tick, after: 0.2), in: BoxState(), sink: events) }
    loop.perform { handler.perform(.startTimer(.tick, after: 0.3), in: BoxState(), sink: events) }
    #expect(events.arrived.wait(timeout: .now() + 5) == .success)
    #expect(EventLoop.now() - started >= 0.3)
    #expect(events.all == [.timerFired(.tick)])
    // Nothing else is pending on the loop: a marker timer after the replaced one's time is the next event.
    loop.perform { handler.perform(.startTimer(.tick, after: 0.05), in: BoxState(), sink: events) }
    #expect(events.arrived.wait(timeout: .now() + 5) == .success)
    #expect(events.all == [.timerFired(.tick), .timerFired(.tick)])
  }

  @Test func aPendingTimerDoesNotKeepARuntimeThatWasLetGo() {
    // The scheduler outlives the box (the daemon's loop after a reload, the soak test's clock): a box
    // let go with a timer pending is freed, and the timer then posts to no one.
    let clock = VirtualClock()
    weak var released: BoxRuntime?
    do {
      let runtime = BoxRuntime(funnel: EventFunnel<BoxEvent>(), effects: Self.handler(clock), clock: clock)
      runtime.post(.timerFired(.tick))
      Self.handler(clock).perform(.startTimer(.tick, after: 5), in: BoxState(), sink: runtime)
      released = runtime
      #expect(clock.pendingTimers == 1)
    }
    #expect(released == nil)
    Self.run(clock, to: 10)
    #expect(clock.pendingTimers == 0)
  }

  @Test func withoutASchedulerTimersAreNotCarriedOut() {
    let events = Events()
    let handler = EffectHandler(
      speech: RecordingSpeechEngine(), audio: SilentAudioOutput(), store: InMemoryPositionStore())
    handler.perform(.startTimer(.tick, after: 0), in: BoxState(), sink: events)
    #expect(handler.timers == nil)
    #expect(events.all.isEmpty)
  }
}
