import Dispatch
import Foundation
import Synchronization
import FolioTellSystem
import Testing

@testable import FolioTellRuntime

@Suite struct EventFunnelTests {
  @Test func eventsAreHandledInTheOrderPosted() {
    let funnel = EventFunnel<Int>()
    let seen = Mutex<[Int]>([])
    funnel.attach { event in seen.withLock { $0.append(event) } }
    for number in 1...5 { funnel.post(number) }
    #expect(funnel.drain() == 5)
    #expect(seen.withLock { $0 } == [1, 2, 3, 4, 5])
  }

  @Test func followUpsPostedWhileHandlingWaitBehindQueuedEvents() {
    let funnel = EventFunnel<String>()
    let seen = Mutex<[String]>([])
    funnel.attach { event in
      seen.withLock { $0.append(event) }
      if event == "a" { funnel.post("a's follow-up") }
    }
    funnel.post("a")
    funnel.post("b")
    funnel.drain()
    #expect(seen.withLock { $0 } == ["a", "b", "a's follow-up"])
  }

  @Test func theHandlerIsNeverReentered() {
    let funnel = EventFunnel<Int>()
    let depth = Mutex((current: 0, deepest: 0, handled: 0))
    funnel.attach { event in
      depth.withLock {
        $0.current += 1
        $0.deepest = max($0.deepest, $0.current)
      }
      if event < 50 {
        funnel.post(event + 1)
        // A drain from inside the handler must not run the handler again.
        #expect(funnel.drain() == 0)
      }
      depth.withLock {
        $0.current -= 1
        $0.handled += 1
      }
    }
    funnel.post(0)
    funnel.drain()
    #expect(depth.withLock { $0.deepest } == 1)
    #expect(depth.withLock { $0.handled } == 51)
  }

  @Test func eventsPostedFromManyThreadsAreEachHandledOnceInPerThreadOrder() {
    let funnel = EventFunnel<(thread: Int, sequence: Int)>()
    let seen = Mutex<[Int: [Int]]>([:])
    let all = DispatchSemaphore(value: 0)
    let total = 8 * 500
    let count = Mutex(0)
    funnel.attach { event in
      seen.withLock { $0[event.thread, default: []].append(event.sequence) }
      if count.withLock({
        $0 += 1; return $0
      }) == total {
        all.signal()
      }
    }
    let loop = try! EventLoop()
    loop.start(name: "test.loop")
    funnel.start(on: loop)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for sequence in 0..<500 { funnel.post((thread, sequence)) }
    }
    #expect(all.wait(timeout: .now() + 20) == .success)
    funnel.stop()
    loop.stopAndWait()
    for thread in 0..<8 { #expect(seen.withLock { $0[thread] } == Array(0..<500)) }
  }

  @Test func eventsPostedBeforeAHandlerIsAttachedWaitForIt() {
    let funnel = EventFunnel<Int>()
    funnel.post(1)
    #expect(funnel.drain() == 0)
    #expect(funnel.backlog == 1)
    let seen = Mutex<[Int]>([])
    funnel.attach { event in seen.withLock { $0.append(event) } }
    #expect(funnel.drain() == 1)
    #expect(funnel.backlog == 0)
  }

  @Test func aStartedFunnelHandlesEveryEventOnTheLoopsThread() throws {
    let funnel = EventFunnel<Int>()
    let handled = DispatchSemaphore(value: 0)
    let threads = Mutex<Set<UInt>>([])
    let loop = try EventLoop()
    let onLoop = Mutex(true)
    funnel.attach { _ in
      threads.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
      if !loop.isOnLoopThread { onLoop.withLock { $0 = false } }
      handled.signal()
    }
    loop.start(name: "test.loop")
    funnel.start(on: loop)
    for number in 0..<3 {
      DispatchQueue.global().async { funnel.post(number) }
    }
    for _ in 0..<3 { #expect(handled.wait(timeout: .now() + 10) == .success) }
    funnel.stop()
    loop.stopAndWait()
    #expect(onLoop.withLock { $0 })
    let poster = UInt(bitPattern: Int(bitPattern: pthread_self()))
    #expect(threads.withLock { $0.count } == 1)
    #expect(threads.withLock { !$0.contains(poster) })
  }

  /// The heartbeat (systemd's watchdog ping) runs on the loop at its interval, and stops with the funnel.
  @Test func theHeartbeatBeatsOnTheLoopUntilTheFunnelStops() throws {
    let funnel = EventFunnel<Int>()
    funnel.attach { _ in }
    let loop = try EventLoop()
    let beats = Mutex(0)
    let third = DispatchSemaphore(value: 0)
    loop.start(name: "test.loop")
    funnel.start(
      on: loop,
      heartbeat: (
        0.01,
        {
          precondition(loop.isOnLoopThread)
          if beats.withLock({ $0 += 1; return $0 }) == 3 { third.signal() }
        }
      ))
    #expect(third.wait(timeout: .now() + 10) == .success)
    funnel.stop()
    let stoppedAt = beats.withLock { $0 }
    // Once stopped, a beat already due may run, and then none: the loop is asked for one more turn and
    // nothing is added.
    let turned = DispatchSemaphore(value: 0)
    loop.schedule(at: EventLoop.now() + 0.05) { turned.signal() }
    #expect(turned.wait(timeout: .now() + 10) == .success)
    #expect(beats.withLock { $0 } <= stoppedAt + 1)
    loop.stopAndWait()
  }
}
