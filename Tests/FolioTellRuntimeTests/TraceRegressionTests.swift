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
    for (index, (got, want)) in zip(output, expected).enumerated() where got != want {
      Issue.record("\(name), event \(index + 1):\n  now:  \(got)\n  then: \(want)")
      break
    }
  }
}
