import FolioTellControls
import Foundation
import Glibc
import Synchronization
import Testing

@testable import FolioTellInput

/// The real input loop (epoll, timerfd, inotify) fed through the same paths as hardware: an edge stream on
/// a pipe in place of GPIO lines, and FIFOs in a folder in place of /dev/input.
@Suite(.serialized) struct InputLoopTests {
  final class Collected: Sendable {
    let outputs = Mutex<[ControlOutput]>([])
    let reports = Mutex<[String]>([])

    func wait(for count: Int, seconds: Double = 3) -> [ControlOutput] {
      let end = Date().addingTimeInterval(seconds)
      while Date() < end, outputs.withLock({ $0.count }) < count { usleep(5_000) }
      return outputs.withLock { $0 }
    }

    func waitForReport(containing text: String, seconds: Double = 3) -> Bool {
      let end = Date().addingTimeInterval(seconds)
      while Date() < end {
        if reports.withLock({ $0.contains { $0.contains(text) } }) { return true }
        usleep(5_000)
      }
      return false
    }
  }

  func makeLoop(_ setup: InputSetup, _ collected: Collected) -> InputLoop {
    try! InputLoop(
      setup: setup, report: { message in collected.reports.withLock { $0.append(message) } },
      handle: { output in collected.outputs.withLock { $0.append(output) } })
  }

  /// The writing end of a FIFO device, once the loop has it open for reading (never blocks: a loop that
  /// missed the device fails the test instead of hanging it).
  func openWriter(_ path: String) -> Int32 {
    for _ in 0..<200 {
      let fd = open(path, O_WRONLY | O_NONBLOCK)
      if fd >= 0 { return fd }
      usleep(10_000)
    }
    Issue.record("no reader opened \(path)")
    return -1
  }

  func temporaryFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-input-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A running loop whose input folder holds one device, `event0` (a FIFO), already opened.
  func loopWithDevice(in folder: String) throws -> (InputLoop, Collected) {
    #expect(mkfifo(folder + "/event0", 0o600) == 0)
    var setup = InputSetup()
    setup.inputDevices = folder
    let collected = Collected()
    let loop = makeLoop(setup, collected)
    try loop.start(useGPIO: false, useDevices: true)
    #expect(collected.waitForReport(containing: "event0"))
    return (loop, collected)
  }

  func pipeFDs() -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    _ = pipe(&fds)
    _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
    return (fds[0], fds[1])
  }

  func send(_ fd: Int32, _ edges: [EdgeRecord]) {
    let text = edges.map { $0.jsonLine + "\n" }.joined()
    _ = text.withCString { write(fd, $0, strlen($0)) }
  }

  func wiredSetup() -> InputSetup {
    var setup = InputSetup()
    setup.wiring = ControlWiring(buttons: [.init(control: .play, line: "GPIO17")])
    return setup
  }

  @Test func edgesBecomeControlsAndALongPressFiresFromTheTimer() throws {
    let collected = Collected()
    let loop = makeLoop(wiredSetup(), collected)
    let (readEnd, writeEnd) = pipeFDs()
    loop.addEdgeStream(fd: readEnd)
    try loop.start(useGPIO: false, useDevices: false)
    defer {
      loop.stop()
      close(writeEnd)
    }
    let now = InputLoop.now()
    send(
      writeEnd,
      [EdgeRecord(time: now, line: "GPIO17", value: 0), EdgeRecord(time: now + 0.1, line: "GPIO17", value: 1)])
    #expect(collected.wait(for: 1).map(\.action) == [.gesture(.short)])
    // Held without another edge (once the first release has settled): the long press comes from the timer alone.
    usleep(150_000)
    let held = InputLoop.now()
    send(writeEnd, [EdgeRecord(time: held, line: "GPIO17", value: 0)])
    let outputs = collected.wait(for: 2)
    #expect(outputs.last?.action == .gesture(.long))
    #expect(abs((outputs.last?.time ?? 0) - (held + 0.6)) < 0.001)
    send(writeEnd, [EdgeRecord(time: InputLoop.now(), line: "GPIO17", value: 1)])
    _ = collected.wait(for: 10, seconds: 0.3)
    // At rest nothing wakes the loop.
    let before = loop.stats.wakeups
    usleep(400_000)
    #expect(loop.stats.wakeups == before)
  }

  @Test func inputDevicesAreFoundPluggedInAndOut() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (loop, collected) = try loopWithDevice(in: folder)
    defer { loop.stop() }
    let space = [InputEvent(time: 5, type: 1, code: 57, value: 1), InputEvent(time: 5.1, type: 1, code: 57, value: 0)]
    let writer = openWriter(folder + "/event0")
    let bytes = space.flatMap(\.bytes)
    _ = write(writer, bytes, bytes.count)
    #expect(collected.wait(for: 1).first == ControlOutput(time: 5.1, control: .play, action: .gesture(.short)))
    // Unplugged: reported once.
    close(writer)
    #expect(collected.waitForReport(containing: "disappeared"))
    // A device plugged in while running is picked up.
    #expect(mkfifo(folder + "/event3", 0o600) == 0)
    #expect(collected.waitForReport(containing: "event3"))
    let second = openWriter(folder + "/event3")
    let wheel = InputEvent(time: 6, type: 2, code: 8, value: -2).bytes
    _ = write(second, wheel, wheel.count)
    #expect(collected.wait(for: 2).last == ControlOutput(time: 6, control: .encoder, action: .turn(steps: -2)))
    close(second)
    #expect(collected.reports.withLock { $0.filter { $0.contains("disappeared") }.count } >= 1)
  }

  @Test func aKeyHeldOnAnInputDeviceLongPressesThroughTheTimer() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (loop, collected) = try loopWithDevice(in: folder)
    defer { loop.stop() }
    let writer = openWriter(folder + "/event0")
    defer { close(writer) }
    let down = InputEvent(time: InputLoop.now(), type: 1, code: KeyNames.code(for: "KEY_RIGHT")!, value: 1).bytes
    _ = write(writer, down, down.count)
    let outputs = collected.wait(for: 1)
    #expect(outputs.first?.control == .next)
    #expect(outputs.first?.action == .gesture(.long))
  }

  @Test func aMissingInputFolderIsWatchedForUntilItAppears() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: parent) }
    var setup = InputSetup()
    setup.inputDevices = parent + "/input"
    let collected = Collected()
    let loop = makeLoop(setup, collected)
    try loop.start(useGPIO: false, useDevices: true)
    defer { loop.stop() }
    #expect(collected.waitForReport(containing: "does not exist"))
    try FileManager.default.createDirectory(atPath: parent + "/input", withIntermediateDirectories: false)
    usleep(50_000)
    #expect(mkfifo(parent + "/input/event5", 0o600) == 0)
    #expect(collected.waitForReport(containing: "event5"))
  }

  @Test func aMissingGPIOChipNamesTheChipAndTheFile() {
    var setup = wiredSetup()
    setup.wiring.chip = "gpiochip7"
    setup.sources = ["board/raspberry-pi.json"]
    let loop = makeLoop(setup, Collected())
    #expect {
      try loop.start(useGPIO: true, useDevices: false)
    } throws: { error in
      let text = String(describing: error)
      return text.contains("gpiochip7") && text.contains("board/raspberry-pi.json") && text.contains("gpiodetect")
    }
  }
}
