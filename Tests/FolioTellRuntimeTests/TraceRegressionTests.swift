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

  /// Settings are saved once, at the end of a step, since the root worked it out there (before, a step
  /// saved the rate where it changed). Where in its step a setting is saved is no part of what the
  /// listener meets, so both lines put those saves last before they are compared; all else must match.
  func normal(_ line: String) -> String {
    guard var object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let effects = object["effects"] as? [[String: Any]]
    else { return line }
    let settings: Set<String> = ["saveSettings", "saveBookSettings", "saveBoxSettings"]
    let isSetting = { (effect: [String: Any]) in settings.contains(effect["effect"] as? String ?? "") }
    object["effects"] = effects.filter { !isSetting($0) } + effects.filter(isSetting)
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
