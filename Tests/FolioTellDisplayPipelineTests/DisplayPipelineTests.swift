import FolioTellControls
import FolioTellCore
import FolioTellViews
import Foundation
import Glibc
import Synchronization
import Testing

@testable import FolioTellDisplayPipeline

/// The display's thread with the recording bus in place of the I2C adapter.
@Suite(.serialized) struct DisplayPipelineTests {
  static let typeface: FreeTypeFace = try! FreeTypeFace()

  final class SlowBus: I2CTransport, @unchecked Sendable {
    let inner = RecordingI2CBus()
    let lock = NSLock()
    var delay: useconds_t = 0
    var failing: Int32?
    func write(control: UInt8, _ bytes: ArraySlice<UInt8>) throws(I2CError) {
      usleep(delay)
      lock.lock()
      defer { lock.unlock() }
      if let code = failing { throw I2CError(description: "no answer", code: code) }
      try inner.write(control: control, bytes)
    }
    var writes: Int {
      lock.lock()
      defer { lock.unlock() }
      return inner.writes.count
    }
    /// A copy of the writes, taken under the lock (the display thread may be writing).
    var recorded: [RecordingI2CBus.Write] {
      lock.lock()
      defer { lock.unlock() }
      return inner.writes
    }
    func fail(_ code: Int32?) {
      lock.lock()
      failing = code
      lock.unlock()
    }
  }

  func reader(word: Int) -> BoxState {
    var state = BoxState()
    let text = "One two three four five six seven eight nine ten."
    state.playback.book = try! SentenceMap(sentences: [TextSpan(start: 0, end: text.unicodeScalars.count)], text: text)
    let starts = [0, 4, 8, 14, 19, 24, 28, 34, 40, 45]
    state.playback.offset = starts[word]
    state.playback.word = TextSpan(start: starts[word], end: starts[word] + 3)
    // A control was just used (these pipelines run on the wall clock).
    state.display.lastInput = Date().timeIntervalSince1970
    return state
  }

  func wait(until condition: () -> Bool) -> Bool {
    for _ in 0..<300 {
      if condition() { return true }
      usleep(10_000)
    }
    return false
  }

  @Test func wordsAreFollowedAndStaleFramesDroppedWithoutWaiting() {
    let bus = SlowBus()
    bus.delay = 20_000  // a slow bus: 20 ms a write
    let pipeline = DisplayPipeline(
      output: OLEDPanel(config: PanelConfig(), transport: bus), views: Views(typeface: Self.typeface),
      now: { Date().timeIntervalSince1970 }, report: { _ in })
    // The first state is there before the thread starts, so the first frame is of it.
    pipeline.boxChanged(reader(word: 0))
    pipeline.start()
    defer { pipeline.stop() }
    #expect(wait { bus.writes > 0 })  // the first frame is on its way over the slow bus
    let started = Date()
    for word in 1..<10 { pipeline.boxChanged(reader(word: word)) }
    // Handing over nine words took no time: the funnel never waits for the display.
    #expect(Date().timeIntervalSince(started) < 0.05)
    #expect(wait { pipeline.stats.framesShown >= 2 }, "\(pipeline.stats)")
    usleep(300_000)
    // The words that came while the first frame was sent were overtaken: only the newest was drawn.
    let stats = pipeline.stats
    #expect(stats.framesShown == 2)
    #expect(stats.framesDropped > 0)
  }

  @Test func aDisplayThatStopsAnsweringIsRetriedAndSetUpAgain() {
    let bus = SlowBus()
    let reports = Mutex<[String]>([])
    let pipeline = DisplayPipeline(
      output: OLEDPanel(config: PanelConfig(), transport: bus), views: Views(typeface: Self.typeface),
      now: { Date().timeIntervalSince1970 }, report: { message in reports.withLock { $0.append(message) } })
    pipeline.boxChanged(reader(word: 0))
    pipeline.start()
    defer { pipeline.stop() }
    #expect(wait { pipeline.stats.framesShown == 1 })
    bus.fail(EREMOTEIO)
    pipeline.boxChanged(reader(word: 1))
    pipeline.boxChanged(reader(word: 2))
    #expect(wait { pipeline.stats.failures >= 2 })
    #expect(reports.withLock { $0.filter { $0.contains("does not answer") }.count } == 1)
    bus.fail(nil)
    #expect(wait { reports.withLock { $0.contains { $0.contains("answers again") } } })
    // Set up again from scratch: the init sequence starts with display off.
    #expect(bus.recorded.filter { $0.control == 0 && $0.bytes.first == 0xAE }.count >= 2)
  }

  @Test func whileFailingChangesWaitForTheRetryInsteadOfHammeringTheBus() {
    let bus = SlowBus()
    bus.fail(EREMOTEIO)
    let pipeline = DisplayPipeline(
      output: OLEDPanel(config: PanelConfig(), transport: bus), views: Views(typeface: Self.typeface),
      now: { Date().timeIntervalSince1970 }, report: { _ in })
    pipeline.start()
    defer { pipeline.stop() }
    // 450 wpm for a second: 8 words, but backoff (0.1 s, 0.2 s, 0.4 s, ...) allows only a few tries.
    for word in 0..<8 {
      pipeline.boxChanged(reader(word: word % 10))
      usleep(133_000)
    }
    #expect(pipeline.stats.failures <= 5)
    #expect(pipeline.stats.failures >= 2)
  }

  @Test func theStatusAndItsEndAreDrawnAsTheStateSays() {
    let bus = SlowBus()
    let pipeline = DisplayPipeline(
      output: OLEDPanel(config: PanelConfig(), transport: bus), views: Views(typeface: Self.typeface),
      now: { Date().timeIntervalSince1970 }, report: { _ in })
    pipeline.boxChanged(reader(word: 2))
    pipeline.start()
    defer { pipeline.stop() }
    #expect(wait { pipeline.stats.framesShown == 1 })
    // A long MENU, as the root reducer records it.
    var status = reader(word: 2)
    status.display.statusRequestedAt = 10
    pipeline.boxChanged(status)
    #expect(wait { pipeline.stats.framesShown == 2 })
    // The reducer's endStatus timer fired: the reading view comes back.
    pipeline.boxChanged(reader(word: 2))
    #expect(wait { pipeline.stats.framesShown == 3 })
  }

  @Test func aDarkDisplayIsSwitchedOffAndAControlWakesIt() {
    let bus = SlowBus()
    let pipeline = DisplayPipeline(
      output: OLEDPanel(config: PanelConfig(), transport: bus), views: Views(typeface: Self.typeface),
      now: { Date().timeIntervalSince1970 }, report: { _ in })
    pipeline.start()
    defer { pipeline.stop() }
    // The reducer's darkenDisplay timer fired.
    var dark = reader(word: 0)
    dark.display.light = .dark
    pipeline.boxChanged(dark)
    #expect(wait { pipeline.displayState.power == .off })
    #expect(wait { bus.recorded.last?.bytes == [0xAE] })
    let darkWrites = bus.writes
    // A control, as the root reducer records it.
    pipeline.boxChanged(reader(word: 0))
    // Woken: set up again (the set-up ends with display on) and sent whole.
    #expect(wait { bus.recorded.dropFirst(darkWrites).contains { $0.bytes.last == 0xAF } })
  }
}

@Suite struct DisplaySetupTests {
  func write(_ text: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("display-\(UUID().uuidString).json").path
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  @Test func theDisplaySectionSetsTheModuleAndItsBehaviour() throws {
    let setup = try DisplaySetup.load(files: [
      write(
        #"{"display": {"controller": "sh1106", "bus": "/dev/i2c-3", "address": "0x3D", "rotate180": true, "readingSize": 20, "dimAfterSeconds": 10, "offAfterSeconds": 0, "nightBrightness": 2}}"#
      )
    ])
    #expect(
      setup.output == .panel(PanelConfig(controller: .sh1106, bus: "/dev/i2c-3", address: 0x3D, rotated180: true)))
    #expect(setup.sizes.reading == 20)
    #expect(setup.settings.timing.dimAfter == 10 && setup.settings.timing.offAfter == 0)
    #expect(setup.settings.nightBrightness == 2)
  }

  @Test func mistakesNameTheKey() {
    #expect(throws: Error.self) { try DisplaySetup.load(files: [self.write(#"{"display": {"address": "0x3E"}}"#)]) }
    #expect {
      try DisplaySetup.load(files: [self.write(#"{"display": {"controller": "ssd1309"}}"#)])
    } throws: { String(describing: $0).contains("display.controller") }
    #expect {
      try DisplaySetup.load(files: [self.write(#"{"display": {"readingSize": 60}}"#)])
    } throws: { String(describing: $0).contains("display.readingSize: must be a number from 12 to 48") }
  }

  @Test func theCommandLineChoosesTheOutput() throws {
    var setup = DisplaySetup()
    try setup.apply(commandLine: "png:/tmp/frames")
    #expect(setup.output == .png(folder: "/tmp/frames"))
    try setup.apply(commandLine: "ssd1306:/dev/i2c-0:0x3d")
    #expect(setup.output == .panel(PanelConfig(controller: .ssd1306, bus: "/dev/i2c-0", address: 0x3D)))
    #expect(throws: Error.self) { try setup.apply(commandLine: "hdmi") }
  }
}
