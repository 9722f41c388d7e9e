import Foundation
import Testing

@testable import FolioTellAppliance

/// `foliotell soak`: the night's slice that CI runs (30 virtual minutes, 10 power cuts) through the same
/// command a person runs, and the figures' limits, each shown to trip.
@Suite struct SoakTests {
  @Test func halfAnHourWithTenPowerCutsKeepsEveryPromise() throws {
    let folder = VirtualRun.folder()
    let result = try VirtualRun.execute(["soak", "--hours", "0.5", "--cuts", "10", "--seed", "20261206", "--keep", folder])
    // The figures go to the test log, as the README's are printed.
    print(result.output)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("soak: passed (seed 20261206)"))
    #expect(result.output.contains("5 kills, 5 torn writes"))
    // One after each cut, and one after the shutdown at the end.
    #expect(result.output.contains("worst of 11 resumes"), "\(result.output)")
    #expect(!result.output.contains("**breached**"))
    let presses = try #require(result.output.firstMatch(of: /(\d+) presses/)?.1).description
    #expect((400...900).contains(Int(presses) ?? 0), "about 1250 presses an hour: \(presses)")
    // As under systemd: the trace ring in RAM (the runtime directory), the card holding only the store.
    let ring = try FileManager.default.contentsOfDirectory(atPath: folder + "/run/trace")
    #expect(!ring.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder + "/data/trace"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/data").contains { $0.hasPrefix("segment-") })
  }

  @Test func aBreachExitsWithTheSeedToReplayIt() throws {
    // A listener pressing five times a second writes past the card's hourly budget: a real breach.
    let result = try VirtualRun.execute([
      "soak", "--hours", "0.1", "--cuts", "2", "--seed", "5", "--presses-per-hour", "20000",
    ])
    #expect(result.status == 1, "\(result.output)")
    #expect(result.errors.contains("soak: seed 5: the box wrote"), "\(result.errors)")
    #expect(result.errors.contains("replay with: foliotell soak --hours 0.1 --seed 5"), "\(result.errors)")
  }

  @Test func badOptionsAreNamed() throws {
    let result = try VirtualRun.execute(["soak", "--hours", "none"])
    #expect(result.status == 2)
    #expect(result.errors.contains("--hours 'none'"), "\(result.errors)")
  }

  func sample(_ time: Double, resident: Int, descriptors: Int = 8, threads: Int = 3) -> SoakFigures.Sample {
    SoakFigures.Sample(
      time: time,
      process: ProcessFigures(
        residentKiB: resident + 20_000, anonymousKiB: resident, peakKiB: resident + 20_000, descriptors: descriptors, threads: threads, bytesWritten: 0),
      traceBytes: 0)
  }

  @Test func memoryDescriptorsAndThreadsGrowingOverTheNightAreBreaches() {
    let figures = SoakFigures()
    figures.hours = 8
    for hour in 0..<8 {
      figures.sample(
        at: Double(hour) * 3600 + 1800, sample(0, resident: 30_000 + hour * 600, descriptors: 8 + hour / 7, threads: 3).process,
        traceBytes: 0, traceLimit: 1 << 20)
    }
    figures.finish(
      ProcessFigures(residentKiB: 0, anonymousKiB: 0, peakKiB: 0, descriptors: 0, threads: 0, bytesWritten: 0), at: 8 * 3600)
    #expect(figures.breachedPromises.contains { $0.hasPrefix("resident memory of its own (heap, stacks) grew from 30000 KiB") })
    #expect(figures.breachedPromises.contains { $0.hasPrefix("open descriptors grew from 8") })
    #expect(!figures.breachedPromises.contains { $0.contains("threads") })
    #expect(!figures.passed)
  }

  @Test func listeningLostOrPlacesNeverChosenPastThirtySecondsAreBreaches() {
    let figures = SoakFigures()
    figures.resumed(12, after: .kill, at: 100)
    figures.resumed(-3, after: .tornWrite, at: 200)
    #expect(figures.breachedPromises.isEmpty)
    figures.resumed(31, after: .tornWrite, at: 3723.5)
    figures.resumed(-45, after: .kill, at: 4000)
    #expect(
      figures.breachedPromises == [
        "at 1:02:03.5, after a torn write: the box resumed 31 s of listening before the listener's place (at most 30 s)",
        "at 1:06:40.0, after a kill: the box resumed 45 s of listening ahead of the listener's place (at most 30 s)",
      ])
  }

  @Test func theTraceRingOverItsBoundIsABreach() {
    let figures = SoakFigures()
    figures.sample(at: 60, sample(60, resident: 1).process, traceBytes: 200 * 1024, traceLimit: 100 * 1024)
    #expect(figures.breachedPromises.count == 1)
  }

  @Test func theListenerIsTheSameForTheSameSeed() {
    var first = SoakListener(seed: 9, pressesPerHour: 1250)
    var second = SoakListener(seed: 9, pressesPerHour: 1250)
    var time = 0.0
    for _ in 0..<500 {
      let next = first.nextPress(after: time)
      #expect(second.nextPress(after: time) == next)
      time = next
    }
  }

  @Test func theListenerPressesAboutAsOftenAsAsked() {
    var listener = SoakListener(seed: 3, pressesPerHour: 1250)
    var time = 0.0
    var presses = 0
    while time < 8 * 3600 {
      time = listener.nextPress(after: time)
      presses += 1
    }
    #expect((9_000...11_000).contains(presses), "\(presses) presses in 8 hours")
  }

  @Test func theTraceRingIsKeptInTheRuntimeDirectoryWhenSystemdGivesOne() {
    var config = ApplianceConfig()
    #expect(Appliance.traceFolder(config, dataDirectory: "/var/lib/foliotell", runtimeDirectory: nil) == "/var/lib/foliotell/trace")
    #expect(
      Appliance.traceFolder(config, dataDirectory: "/var/lib/foliotell", runtimeDirectory: "/run/foliotell:/run/other")
        == "/run/foliotell/trace")
    config.traceFolder = "/var/lib/foliotell/trace"
    #expect(
      Appliance.traceFolder(config, dataDirectory: "/var/lib/foliotell", runtimeDirectory: "/run/foliotell")
        == "/var/lib/foliotell/trace")
  }

  @Test func theConfigNamesTheTraceFolderAsAnAbsolutePath() throws {
    let folder = VirtualRun.folder()
    let file = folder + "/config.json"
    try #"{"trace": {"folder": "/var/lib/foliotell/trace", "files": 3}}"#.write(toFile: file, atomically: true, encoding: .utf8)
    let config = try ApplianceConfig.load(path: file)
    #expect(config.traceFolder == "/var/lib/foliotell/trace")
    #expect(config.traceFiles == 3)
    try #"{"trace": {"folder": "trace"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
    #expect {
      _ = try ApplianceConfig.load(path: file)
    } throws: { error in
      "\(error)".contains("trace.folder must be an absolute path")
    }
  }
}
