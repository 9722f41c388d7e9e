import Foundation
import Testing

/// A redesign of the inside must not change what a listener hears: scripted runs of the sample book and of
/// each by-ear scenario give the same WAV bytes as the box did when the hashes in `Golden/wav-sha256.txt`
/// were recorded. After a change that is meant to be heard, record them again with
/// `FOLIOTELL_RECORD_WAV=1 swift test --filter SameBoxTests` and say why in the commit.
@Suite(.serialized) struct SameBoxTests {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden/wav-sha256.txt").path

  /// The scripted runs: the sample book with every kind of control, and the by-ear scenarios as
  /// `ByEarScriptedTests` plays them.
  static let runs: [(name: String, make: @Sendable () throws -> VirtualRun)] = [
    (
      "sample-book-controls",
      {
        try VirtualRun.run(
          script: "2.0 PLAY\n3.0 PLAY\n4.0 NEXT\n5.0 FASTER\n6.0 PREVIOUS\n7.0 SLOWER\n8.0 STOP\n9.0 PLAY\n11.0 PLAY long",
          bookFile: false)
      }
    ),
    ("where-am-i", { try ByEarScriptedTests.run("3.0 PLAY long") }),
    (
      "key-describer",
      { try ByEarScriptedTests.run("2.0 BACK+MENU long\n6.0 NEXT\n8.0 PLAY long\n12.0 BACK+MENU long") }
    ),
    (
      "bookmark-added",
      { try ByEarScriptedTests.run("2.0 NEXT long\n6.0 MENU\n6.5 ENCODER +2\n7.0 PLAY\n8.0 PLAY\n12.0 STOP") }
    ),
    (
      "sleep-timer-end-of-chapter",
      { try ByEarScriptedTests.run("1.0 MENU\n1.5 ENCODER +6\n2.0 PLAY\n2.5 ENCODER +5\n3.0 PLAY") }
    ),
    (
      "book-that-cannot-be-opened",
      {
        try VirtualRun.run(
          script: "1.0 MENU\n2.0 PLAY\n3.0 NEXT\n4.0 PLAY",
          library: ["emma.txt": "Emma Woodhouse was handsome.", "broken.epub": "this is not a zip file at all"])
      }
    ),
    ("undo-after-chapter-jump", { try ByEarScriptedTests.run("4.0 NEXT long\n8.0 BACK long\n8.5 BACK release") }),
  ]

  static func sha256(_ data: Data) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(data)
    try input.fileHandleForWriting.close()
    let digest = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: digest, as: UTF8.self).prefix { $0 != " " }.description
  }

  static func recorded() -> [String: String] {
    let text = (try? String(contentsOfFile: golden, encoding: .utf8)) ?? ""
    var hashes: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: " ")
      if fields.count == 2 { hashes[String(fields[0])] = String(fields[1]) }
    }
    return hashes
  }

  @Test func theScriptedRunsSoundByteForByteAsRecorded() throws {
    let record = ProcessInfo.processInfo.environment["FOLIOTELL_RECORD_WAV"] == "1"
    let hashes = Self.recorded()
    var lines = ["# name sha256 of the WAV written by the scripted run (see SameBoxTests.swift)"]
    for run in Self.runs {
      let result = try run.make()
      #expect(result.status == 0, "\(run.name): \(result.errors)")
      #expect(result.wav.count > 44_100, "\(run.name): the run wrote a WAV with sound in it")
      let hash = try Self.sha256(result.wav)
      lines.append("\(run.name) \(hash)")
      if !record {
        #expect(hashes[run.name] == hash, "\(run.name): the WAV differs from the recorded one (\(result.wav.count) bytes)")
      }
    }
    if record {
      try (lines.joined(separator: "\n") + "\n").write(toFile: Self.golden, atomically: true, encoding: .utf8)
    }
  }
}
