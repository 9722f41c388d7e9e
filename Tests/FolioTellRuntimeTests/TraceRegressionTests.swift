import Foundation
import Testing

@testable import FolioTellRuntime

/// Traces captured from real runs (`scripts/trace-test TRACE NAME` adds one): each is replayed through the
/// root reducer and must give, line for line, what it gave when it was captured.
@Suite struct TraceRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Traces").path

  static var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.map { String($0.dropLast(6)) }.sorted()
  }

  @Test func thereAreCapturedTraces() {
    #expect(!Self.names.isEmpty)
  }

  @Test(arguments: names)
  func aCapturedTraceReplaysAsItDidWhenCaptured(name: String) throws {
    let trace = try String(contentsOfFile: Self.folder + "/\(name).jsonl", encoding: .utf8)
    let expected = try String(contentsOfFile: Self.folder + "/\(name).expected.jsonl", encoding: .utf8)
      .split(separator: "\n").map(String.init)
    var replay = Replay()
    var output: [String] = []
    for line in trace.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      if let result = try replay.feed(String(line)) { output.append(result) }
    }
    #expect(output.count == expected.count)
    for (index, (got, want)) in zip(output, expected).enumerated() where got != want && normal(got) != normal(want) {
      Issue.record("\(name), event \(index + 1):\n  now:  \(got)\n  then: \(want)")
      break
    }
  }

  /// The settings are saved once, at the end of a step, as one record of all of them (before, a step saved
  /// the rate and voice where they changed, and the other settings apart). Where in its step they are
  /// saved, and in how many effects, is no part of what the listener meets: both lines keep only whether
  /// the step saved the box's settings and the book's, and all else must match. An announcement with no
  /// runs in other languages is all said in its voice, as every one was before the box had languages.
  func normal(_ line: String) -> String {
    guard var object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let effects = object["effects"] as? [[String: Any]]
    else { return line }
    let name = { (effect: [String: Any]) in effect["effect"] as? String ?? "" }
    let settings: Set<String> = ["saveSettings", "saveBoxSettings"]
    object["effects"] = effects.filter { !settings.contains(name($0)) && name($0) != "saveBookSettings" }.map {
      effect -> [String: Any] in
      guard var announce = effect["announce"] as? [String: Any], (announce["languages"] as? [Any])?.isEmpty == true
      else { return effect }
      announce["languages"] = nil
      return ["announce": announce]
    }
    object["savesSettings"] = effects.contains { settings.contains(name($0)) }
    object["savesBookSettings"] = effects.contains { name($0) == "saveBookSettings" }
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
