import Foundation
import Glibc
import Testing

/// `foliotell run` as systemd starts it: a notify socket the test binds, the watchdog asked for, the config
/// in a temporary folder, the paced virtual sound card.
@Suite struct RunCommandTests {
  /// A datagram socket like systemd's NOTIFY_SOCKET: every message, with when it came.
  final class NotifySocket {
    let path: String
    let fd: Int32

    init() throws {
      path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
      fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { bytes in
        for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
      }
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
      }
      try #require(bound == 0)
    }

    deinit {
      close(fd)
      unlink(path)
    }

    /// The next message, or nil when none comes within `timeout` seconds.
    func receive(timeout: Double) -> String? {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return nil }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(fd, &buffer, buffer.count, 0)
      return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }

    /// Messages until one satisfies `done`, or `timeout` passes; each with its arrival time.
    func receive(until done: (String) -> Bool, timeout: Double) -> [(time: Double, message: String)] {
      let start = Date()
      var messages: [(Double, String)] = []
      while Date().timeIntervalSince(start) < timeout {
        guard let message = receive(timeout: timeout - Date().timeIntervalSince(start)) else { break }
        messages.append((Date().timeIntervalSince(start), message))
        if done(message) { break }
      }
      return messages
    }
  }

  func box(book: Bool) throws -> (config: String, data: String) {
    let folder = VirtualRun.folder()
    let data = folder + "/data"
    let books = folder + "/books"
    try FileManager.default.createDirectory(atPath: books, withIntermediateDirectories: true)
    if book {
      let path = books + "/emma.txt"
      _ = FileManager.default.createFile(atPath: path, contents: Data(VirtualRun.book.utf8))
      // The box read it before: `run` reopens it.
      let script = folder + "/stop.txt"
      _ = FileManager.default.createFile(atPath: script, contents: Data("2.0 STOP\n".utf8))
      let sim = try VirtualRun.execute([
        "sim", path, "--clock", "virtual", "--engine", "simulated", "--data-dir", data, "--script", script,
      ])
      try #require(sim.status == 0, "\(sim.errors)")
    }
    let config = folder + "/config.json"
    let json = #"{"dataDirectory": "\#(data)", "audio": "virtual", "library": ["\#(books)"]}"#
    _ = FileManager.default.createFile(atPath: config, contents: Data(json.utf8))
    return (config, data)
  }

  func start(config: String, socket: NotifySocket, watchdogUsec: Int = 400_000, errors: Pipe? = nil) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: VirtualRun.binary)
    process.arguments = ["run", "--config", config]
    var environment = ProcessInfo.processInfo.environment
    environment["NOTIFY_SOCKET"] = socket.path
    environment["WATCHDOG_USEC"] = String(watchdogUsec)
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors ?? FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }

  @Test func readyComesOnceTheBookIsOpenThenStatusWatchdogAndAQuickStopOnSIGTERM() throws {
    let socket = try NotifySocket()
    let (config, data) = try box(book: true)
    let process = try start(config: config, socket: socket)
    defer { if process.isRunning { process.terminate() } }
    let untilReady = socket.receive(until: { $0 == "READY=1" }, timeout: 20)
    #expect(untilReady.last?.message == "READY=1", "\(untilReady)")
    // The watchdog pings come at half of WATCHDOG_USEC (0.2 s), from the funnel.
    let later = socket.receive(until: { _ in false }, timeout: 1.5)
    let pings = later.filter { $0.message == "WATCHDOG=1" }.map(\.time)
    #expect(pings.count >= 5, "\(later)")
    let gaps = zip(pings.dropFirst(), pings).map { $0 - $1 }
    #expect(gaps.allSatisfy { $0 < 0.45 }, "\(gaps)")
    // Reading starts after the greeting, which names what is missing (this box has no controls).
    let reading = socket.receive(until: { $0.hasPrefix("STATUS=Reading emma, ") }, timeout: 30)
    let statuses = (untilReady + later + reading).map(\.message).filter { $0.hasPrefix("STATUS=") }
    #expect(statuses.contains { $0.hasPrefix("STATUS=Reading emma, ") }, "\(statuses)")

    let stopAsked = Date()
    process.terminate()
    process.waitUntilExit()
    let took = Date().timeIntervalSince(stopAsked)
    #expect(process.terminationStatus == 0)
    #expect(took < 1.0, "SIGTERM took \(took) s")
    let rest = socket.receive(until: { $0 == "STOPPING=1" }, timeout: 1)
    #expect(rest.contains { $0.message == "STOPPING=1" })
    // The place was kept: the log in the data directory has more than the first run wrote.
    #expect(try FileManager.default.contentsOfDirectory(atPath: data).contains { $0.hasSuffix(".log") })
  }

  /// The threads of a process, by name, from /proc/PID/task.
  static func threads(of pid: Int32) -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.sorted().map { task in
      let comm = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? "?"
      return comm.trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// `run` reading a book, with a display configured (its I2C bus missing) and the watchdog on: the event
  /// loop, the speech worker and the renderer, no more. espeak-ng's own thread (started inside
  /// espeak_Initialize, asleep for good) is named after it and is not the box's.
  @Test func runHasAtMostThreeThreadsTheLoopTheSpeechWorkerAndTheRenderer() throws {
    let socket = try NotifySocket()
    let (config, _) = try box(book: true)
    let json = try String(contentsOfFile: config, encoding: .utf8)
    try json.replacingOccurrences(
      of: #""audio": "virtual","#, with: #""audio": "virtual", "display": {"controller": "ssd1306", "bus": "/dev/i2c-97"},"#
    ).write(toFile: config, atomically: true, encoding: .utf8)
    let process = try start(config: config, socket: socket)
    defer { if process.isRunning { process.terminate() } }
    let untilReading = socket.receive(until: { $0.hasPrefix("STATUS=Reading emma, ") }, timeout: 20)
    #expect(untilReading.contains { $0.message == "READY=1" }, "\(untilReading)")
    let all = Self.threads(of: process.processIdentifier)
    let threads = all.filter { $0 != "espeak-ng" }
    print("run's threads while reading: \(threads.count) \(threads) (and espeak-ng's: \(all.count - threads.count))")
    #expect(all.count - threads.count <= 1, "\(all)")
    #expect(threads.count <= 3, "\(threads)")
    #expect(threads.contains("foliotell.speec"), "\(threads)")
  }

  @Test func withoutABookItIsReadyAndSaysHowToChooseOne() throws {
    let socket = try NotifySocket()
    let (config, _) = try box(book: false)
    let process = try start(config: config, socket: socket, watchdogUsec: 0)
    defer { if process.isRunning { process.terminate() } }
    let messages = socket.receive(until: { $0 == "READY=1" }, timeout: 20).map(\.message)
    #expect(messages.contains("READY=1"))
    let status = socket.receive(until: { $0.hasPrefix("STATUS=") }, timeout: 2).map(\.message)
    #expect((messages + status).contains("STATUS=No book open"), "\(messages + status)")
    #expect(!(messages + status).contains("WATCHDOG=1"))
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func sighupReloadsTheConfigAndABrokenOneLeavesTheBoxAsItWas() throws {
    let socket = try NotifySocket()
    let (config, _) = try box(book: false)
    let errors = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: VirtualRun.binary)
    process.arguments = ["run", "--config", config]
    var environment = ProcessInfo.processInfo.environment
    environment["NOTIFY_SOCKET"] = socket.path
    process.environment = environment
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    #expect(socket.receive(until: { $0 == "READY=1" }, timeout: 20).last?.message == "READY=1")
    kill(process.processIdentifier, SIGHUP)
    let reloaded = socket.receive(until: { $0 == "READY=1" }, timeout: 20).map(\.message)
    #expect(reloaded.first == "RELOADING=1")
    #expect(reloaded.last == "READY=1")
    // A config with a mistake: logged, and the box goes on as it was.
    let good = try String(contentsOfFile: config, encoding: .utf8)
    _ = FileManager.default.createFile(atPath: config, contents: Data("{\"wpm\": \"fast\"}".utf8))
    kill(process.processIdentifier, SIGHUP)
    let refused = socket.receive(until: { $0 == "READY=1" }, timeout: 20).map(\.message)
    #expect(refused == ["RELOADING=1", "READY=1"])
    // A config that reads but cannot make a box (an audio output that is no output): the old config again.
    _ = FileManager.default.createFile(atPath: config, contents: Data(#"{"audio": "wav:"}"#.utf8))
    kill(process.processIdentifier, SIGHUP)
    let rebuilt = socket.receive(until: { $0 == "READY=1" }, timeout: 20).map(\.message)
    #expect(rebuilt.first == "RELOADING=1")
    #expect(rebuilt.last == "READY=1")
    #expect(process.isRunning)
    _ = FileManager.default.createFile(atPath: config, contents: Data(good.utf8))
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(log.contains("foliotell: reloading the config"))
    #expect(log.contains("the config was not reloaded, the box goes on as it was"), "\(log)")
    #expect(log.contains("wpm: must be a number from 80 to 900"))
    #expect(log.contains("'wav:' is not an audio output"), "\(log)")
    #expect(log.contains("stopped; the place is saved"))
  }

  @Test func aReloadKeepsTheListenersStateAndAnUnchangedConfigChangesNothing() throws {
    let socket = try NotifySocket()
    let (config, data) = try box(book: true)
    let errors = Pipe()
    let process = try start(config: config, socket: socket, watchdogUsec: 0, errors: errors)
    defer { if process.isRunning { process.terminate() } }
    let reading = socket.receive(until: { $0.hasPrefix("STATUS=Reading emma") }, timeout: 30).map(\.message)
    #expect(reading.last?.hasPrefix("STATUS=Reading emma") == true, "\(reading)")
    // The same config again: nothing is built again, so nothing is said and reading goes on.
    kill(process.processIdentifier, SIGHUP)
    let same = socket.receive(until: { $0 == "READY=1" }, timeout: 20).map(\.message)
    #expect(same == ["RELOADING=1", "READY=1"], "\(same)")
    // A new speed: the box is built again and takes over, reading on without a greeting.
    let text = try String(contentsOfFile: config, encoding: .utf8)
    let faster = text.replacingOccurrences(of: #""audio": "virtual""#, with: #""audio": "virtual", "wpm": 260"#)
    #expect(faster != text)
    _ = FileManager.default.createFile(atPath: config, contents: Data(faster.utf8))
    kill(process.processIdentifier, SIGHUP)
    let rebuilt = socket.receive(until: { $0.hasPrefix("STATUS=Reading emma") }, timeout: 30).map(\.message)
    #expect(rebuilt.first == "RELOADING=1", "\(rebuilt)")
    #expect(rebuilt.contains("READY=1"), "\(rebuilt)")
    #expect(rebuilt.last?.hasPrefix("STATUS=Reading emma") == true, "\(rebuilt)")
    process.terminate()
    process.waitUntilExit()
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(log.contains("the config is unchanged; the box goes on as it was"), "\(log)")
    #expect(log.contains("reloading the config"), "\(log)")
    let ring = data + "/trace"
    let traces = try FileManager.default.contentsOfDirectory(atPath: ring).sorted()
      .map { try String(contentsOfFile: ring + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
    // One greeting, at power-on; the reload took over with reading on.
    #expect(traces.components(separatedBy: #""event":{"poweredOn":{}}"#).count == 2, "\(traces.suffix(3000))")
    #expect(traces.contains(#""event":{"reloaded":{"_0":{"#), "\(traces.suffix(3000))")
    #expect(traces.contains(#""wasReading":true"#))
  }

  @Test func runKeepsTheLibrarysIndexInTheDataDirectory() throws {
    let socket = try NotifySocket()
    let (config, data) = try box(book: true)
    let process = try start(config: config, socket: socket, watchdogUsec: 0)
    defer { if process.isRunning { process.terminate() } }
    #expect(socket.receive(until: { $0 == "READY=1" }, timeout: 20).last?.message == "READY=1")
    // The full scan runs after the greeting, on the books thread, and keeps what it learned.
    let index = data + "/library-index.json"
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: index), Date() < deadline { usleep(20_000) }
    process.terminate()
    process.waitUntilExit()
    let text = try String(contentsOfFile: index, encoding: .utf8)
    #expect(text.contains("emma.txt"), "\(text)")
    #expect(text.contains(#""version":1"#), "\(text)")
  }

  @Test func buttonsThatCannotBeReadAreSaidAtPowerOnAndTheTraceRingHasIt() throws {
    if FileManager.default.fileExists(atPath: "/dev/gpiochip0") {
      print("skipped: this machine has /dev/gpiochip0, so the buttons cannot be seen missing")
      return
    }
    let socket = try NotifySocket()
    let folder = VirtualRun.folder()
    let config = folder + "/config.json"
    let json = #"{"board": "raspberry-pi", "dataDirectory": "\#(folder)/data", "audio": "null", "library": ["\#(folder)"]}"#
    _ = FileManager.default.createFile(atPath: config, contents: Data(json.utf8))
    let process = try start(config: config, socket: socket, watchdogUsec: 0)
    defer { if process.isRunning { process.terminate() } }
    #expect(socket.receive(until: { $0 == "READY=1" }, timeout: 20).last?.message == "READY=1")
    process.terminate()
    process.waitUntilExit()
    let ring = folder + "/data/trace/trace-000001.jsonl"
    let trace = try String(contentsOfFile: ring, encoding: .utf8)
    #expect(trace.hasPrefix(#"{"state":{"#))
    #expect(trace.contains(#""event":{"partMissing":{"_0":"The buttons and the knob are not working"}}"#))
    #expect(trace.contains(#""event":{"poweredOn":{}}"#))
    let replay = try VirtualRun.execute(["replay", ring])
    #expect(replay.status == 0, "\(replay.errors)")
    #expect(
      replay.output.contains(
        "No book is open. Press MENU, then choose one from Books. The buttons and the knob are not working."))
  }

  /// A display the config names that does not answer is said with the greeting, not only logged.
  @Test func aDisplayThatDoesNotAnswerIsSaidAtPowerOn() throws {
    let socket = try NotifySocket()
    let folder = VirtualRun.folder()
    let config = folder + "/config.json"
    let json =
      #"{"dataDirectory": "\#(folder)/data", "audio": "null", "library": ["\#(folder)"], "display": {"controller": "ssd1306", "bus": "/dev/i2c-99"}}"#
    _ = FileManager.default.createFile(atPath: config, contents: Data(json.utf8))
    let errors = Pipe()
    let process = try start(config: config, socket: socket, watchdogUsec: 0, errors: errors)
    defer { if process.isRunning { process.terminate() } }
    #expect(socket.receive(until: { $0 == "READY=1" }, timeout: 20).last?.message == "READY=1")
    process.terminate()
    process.waitUntilExit()
    let trace = try String(contentsOfFile: folder + "/data/trace/trace-000001.jsonl", encoding: .utf8)
    #expect(trace.contains(#""event":{"partMissing":{"_0":"The display is not working"}}"#))
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(log.contains("the display ssd1306 on /dev/i2c-99 at 0x3C does not answer"), "\(log)")
  }

  /// A box with nothing to press (no GPIO in its wiring, no input device with a key it uses) says so.
  @Test func aBoxWithNothingToPressSaysSo() throws {
    let socket = try NotifySocket()
    let folder = VirtualRun.folder()
    try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
    let config = folder + "/config.json"
    let json =
      #"{"dataDirectory": "\#(folder)/data", "audio": "null", "library": ["\#(folder)"], "input": {"devices": "\#(folder)/input"}}"#
    _ = FileManager.default.createFile(atPath: config, contents: Data(json.utf8))
    let process = try start(config: config, socket: socket, watchdogUsec: 0)
    defer { if process.isRunning { process.terminate() } }
    #expect(socket.receive(until: { $0 == "READY=1" }, timeout: 20).last?.message == "READY=1")
    process.terminate()
    process.waitUntilExit()
    let ring = folder + "/data/trace/trace-000001.jsonl"
    let replay = try VirtualRun.execute(["replay", ring])
    #expect(
      replay.output.contains("No book is open. Press MENU, then choose one from Books. No buttons, knob or keyboard were found."),
      "\(replay.output.prefix(2000))")
  }

  @Test func aConfigMistakeNamesTheFileLineKeyAndFix() throws {
    let folder = VirtualRun.folder()
    let config = folder + "/config.json"
    _ = FileManager.default.createFile(
      atPath: config, contents: Data("{\n  \"board\": \"keypad\",\n  \"wmp\": 200\n}\n".utf8))
    let result = try VirtualRun.execute(["run", "--config", config])
    #expect(result.status == 2)
    #expect(result.errors.contains("\(config), line 3: unknown key \"wmp\"; did you mean \"wpm\"?"), "\(result.errors)")
    _ = FileManager.default.createFile(atPath: config, contents: Data("{\"wpm\": 5000}".utf8))
    let range = try VirtualRun.execute(["run", "--config", config])
    #expect(range.status == 2)
    #expect(range.errors.contains("wpm: must be a number from 80 to 900"), "\(range.errors)")
    _ = FileManager.default.createFile(atPath: config, contents: Data("{\"display\": {\"adress\": \"0x3C\"}}".utf8))
    let nested = try VirtualRun.execute(["run", "--config", config])
    #expect(nested.errors.contains("unknown key \"display.adress\"; did you mean \"address\"?"), "\(nested.errors)")
  }
}
