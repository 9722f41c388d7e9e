import FolioTellAppliance
import FolioTellCore
import FolioTellRuntime
import Foundation
import Synchronization
import Testing

/// The appliance built in-process on the virtual platform with the simulated engine (no synthesis): what
/// it does at power on.
@Suite struct PowerOnTests {
  func run(book: String?, data: String) throws -> [BoxStep] {
    var session = Session()
    if let book {
      let path = data + "/book.txt"
      _ = FileManager.default.createFile(atPath: path, contents: Data(book.utf8))
      session.book = .file(path)
    }
    session.engine = "simulated"
    session.greet = true
    session.dataDirectory = data
    session.libraryFolders = [data + "/books"]
    session.useControls = false
    let clock = VirtualClock()
    let appliance = try Appliance(
      config: ApplianceConfig(), platform: .virtual(clock), session: session, report: { _ in })
    let steps = Mutex<[BoxStep]>([])
    appliance.runtime.observe { step in steps.withLock { $0.append(step) } }
    try VirtualDriver(appliance: appliance, clock: clock, script: ControlScript(steps: [])).run(limit: 60)
    return steps.withLock { $0 }
  }

  func said(_ steps: [BoxStep]) -> [String] {
    steps.flatMap { $0.effects }.compactMap {
      if case .announce(let text, _, _, _) = $0 { return text } else { return nil }
    }
  }

  @Test func itSaysTheBookAndChapterThenReadsFromTheKeptPlace() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("power-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let steps = try run(book: "CHAPTER I\n\nThe cat sat. It was warm.\n\nCHAPTER II\n\nMorning came.", data: data)
    #expect(said(steps).first == "book. CHAPTER I. From the beginning.")
    let greeting = try #require(steps.firstIndex { $0.event == .poweredOn })
    let reading = try #require(
      steps.firstIndex { step in
        step.effects.contains { if case .playback(.startUtterance) = $0 { return true } else { return false } }
      })
    #expect(reading > greeting)
    #expect(steps[reading].event == .announcementFinished)
  }

  @Test func withoutABookItSaysHowToChooseOne() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("power-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let steps = try run(book: nil, data: data)
    #expect(said(steps) == ["No book is open. Press MENU, then choose one from Books."])
  }
}
