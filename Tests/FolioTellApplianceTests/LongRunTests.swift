import Foundation
import Testing

/// A night of reading on the virtual clock: two virtual hours of a long book with presses at random
/// moments (a fixed seed, so every run is the same). Runs of 15 virtual minutes and more used to crash at
/// exit, thousands of frames deep in the sound card's release.
@Suite struct LongRunTests {
  /// A small linear congruential generator: the same presses on every machine.
  struct Presses {
    var seed: UInt64
    mutating func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
  }

  static func script(seed: UInt64, hours: Double) -> String {
    var presses = Presses(seed: seed)
    let controls = ["PLAY", "PLAY", "PLAY", "NEXT", "PREVIOUS", "MENU", "BACK", "STOP", "FASTER", "SLOWER"]
    var lines: [String] = []
    var time = 3.0
    while time < hours * 3600 - 300 {
      time += Double(3 + presses.next(240))
      if presses.next(8) == 0 {
        lines.append(String(format: "%.1f ENCODER %+d", time, presses.next(5) - 2))
      } else {
        let gesture = presses.next(5) == 0 ? "long" : "short"
        lines.append(String(format: "%.1f %@ %@", time, controls[presses.next(controls.count)], gesture))
      }
    }
    lines.append(String(format: "%.1f PLAY short", hours * 3600 - 200))
    return lines.joined(separator: "\n") + "\n"
  }

  static func book() -> String {
    var presses = Presses(seed: 11)
    let words = "the river ran quietly past the old mill where the miller kept his grain and his dogs".split(separator: " ")
    return (0..<300).map { _ in
      (0..<(3 + presses.next(5))).map { _ in
        let sentence = (0..<(6 + presses.next(12))).map { _ in String(words[presses.next(words.count)]) }
        return sentence.joined(separator: " ").capitalized(firstOnly: true) + "."
      }.joined(separator: " ")
    }.joined(separator: "\n\n")
  }

  @Test func twoVirtualHoursOfRandomPressesEndCleanlyAndResume() throws {
    let folder = VirtualRun.folder()
    let bookPath = folder + "/night.txt"
    _ = FileManager.default.createFile(atPath: bookPath, contents: Data(Self.book().utf8))
    _ = FileManager.default.createFile(atPath: folder + "/script.txt", contents: Data(Self.script(seed: 2026, hours: 2).utf8))
    let data = folder + "/data"
    let sim = try VirtualRun.execute([
      "sim", bookPath, "--clock", "virtual", "--script", folder + "/script.txt", "--audio", "null",
      "--trace", folder + "/trace.jsonl", "--data-dir", data,
    ])
    #expect(sim.status == 0, "\(sim.errors.suffix(2000))")
    let trace = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8)
    let run = VirtualRun(samples: [], wav: Data(), trace: trace, replayed: [], status: sim.status, errors: sim.errors)
    let heard = run.heard
    #expect(heard.count > 5_000, "words heard: \(heard.count)")
    #expect((run.events.last?.time ?? 0) > 2 * 3600 - 300, "the run reached \(run.events.last?.time ?? 0) s")
    // Late callbacks never make playback go back: within one utterance, words only move on.
    for (earlier, later) in zip(heard, heard.dropFirst()) where earlier.token == later.token {
      #expect(later.location >= earlier.location, "\(earlier) then \(later)")
    }
    let replay = try VirtualRun.execute(["replay", folder + "/trace.jsonl"])
    #expect(replay.status == 0, "\(replay.errors.suffix(2000))")
    // The place was kept: the box starts again from the data directory, with the last book.
    _ = FileManager.default.createFile(atPath: folder + "/stop.txt", contents: Data("5 STOP\n".utf8))
    let again = try VirtualRun.execute([
      "sim", "--clock", "virtual", "--script", folder + "/stop.txt", "--audio", "null", "--data-dir", data,
    ])
    #expect(again.status == 0, "\(again.errors.suffix(2000))")
    #expect(again.output.contains("resuming at sentence"), "\(again.output.prefix(500))")
    print("long run: \(heard.count) words heard in 2 virtual hours")
  }

  /// Choosing a book while its title is still being said once hung the simulator for good: opening the book
  /// asked espeak-ng for its voices while the speech worker held espeak-ng waiting for the virtual clock.
  @Test(arguments: [11.0, 11.3, 11.5, 12.0])
  func choosingABookWhileItsTitleIsSaidOpensIt(choose: Double) throws {
    let run = try VirtualRun.run(
      script: "5 MENU\n8 PLAY\n11 PREVIOUS\n\(choose) PLAY\n40 STOP\n",
      library: ["alpha.txt": "Alpha begins here. It goes on.", "beta.txt": "Beta begins here. It goes on too."])
    #expect(run.status == 0, "\(run.errors.suffix(1000))")
    #expect(run.booksOpened.count == 2, "\(run.announcements.map(\.text))")
  }
}

extension String {
  fileprivate func capitalized(firstOnly: Bool) -> String { prefix(1).uppercased() + dropFirst() }
}
