import Dispatch
import FolioTellSystem
import Glibc
import Synchronization
import Testing

/// The box's one event loop: descriptors, timers on one timerfd, work from other threads.
@Suite struct EventLoopTests {
  func running() throws -> EventLoop {
    let loop = try EventLoop()
    loop.start(name: "test.loop")
    return loop
  }

  @Test func timersFireInDeadlineOrderAndACancelledOneNever() throws {
    let loop = try running()
    defer { loop.stopAndWait() }
    let fired = Mutex<[Int]>([])
    let done = DispatchSemaphore(value: 0)
    let now = EventLoop.now()
    loop.schedule(at: now + 0.03) {
      fired.withLock { $0.append(3) }; done.signal()
    }
    let cancelled = loop.schedule(at: now + 0.02) { fired.withLock { $0.append(2) } }
    loop.schedule(at: now + 0.01) { fired.withLock { $0.append(1) } }
    loop.cancel(cancelled)
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(fired.withLock { $0 } == [1, 3])
  }

  @Test func aDescriptorsHandlerRunsOnTheLoopThreadWhenItIsReadable() throws {
    let loop = try running()
    defer { loop.stopAndWait() }
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
    defer { close(fds[0]); close(fds[1]) }
    let got = Mutex<(bytes: [UInt8], onLoop: Bool)>(([], false))
    let done = DispatchSemaphore(value: 0)
    let reader = fds[0]
    try loop.watch(reader) { _ in
      var buffer = [UInt8](repeating: 0, count: 16)
      let count = read(reader, &buffer, 16)
      if count > 0 { got.withLock { $0 = (Array(buffer[0..<count]), loop.isOnLoopThread) } }
      done.signal()
    }
    var bytes: [UInt8] = [1, 2, 3]
    #expect(write(fds[1], &bytes, 3) == 3)
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(got.withLock { $0.bytes } == [1, 2, 3])
    #expect(got.withLock { $0.onLoop })
    #expect(!loop.isOnLoopThread)
  }

  @Test func workFromAnotherThreadRunsOnTheLoop() throws {
    let loop = try running()
    defer { loop.stopAndWait() }
    let done = DispatchSemaphore(value: 0)
    let onLoop = Mutex(false)
    loop.perform {
      onLoop.withLock { $0 = loop.isOnLoopThread }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(onLoop.withLock { $0 })
  }

  @Test func anIdleLoopWakesForNothing() throws {
    let loop = try running()
    defer { loop.stopAndWait() }
    let done = DispatchSemaphore(value: 0)
    loop.perform { done.signal() }
    #expect(done.wait(timeout: .now() + 5) == .success)
    let before = loop.wakeups
    // A timer far away is armed but not due: still nothing wakes the loop. Wait on a timer of our own.
    loop.schedule(at: EventLoop.now() + 3600) {}
    let settled = DispatchSemaphore(value: 0)
    loop.schedule(at: EventLoop.now() + 0.2) { settled.signal() }
    #expect(settled.wait(timeout: .now() + 5) == .success)
    // The schedule calls and the one timer: at most a few wake-ups, not a polling loop.
    #expect(loop.wakeups - before <= 3)
  }

  @Test func aFailedCallNamesItself() {
    #expect(throws: SystemError(call: "close", code: EBADF)) {
      try SystemCall.run("close") { close(-1) }
    }
    #expect(SystemError(call: "epoll_ctl", code: EBADF).description == "epoll_ctl: Bad file descriptor")
  }
}
