import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellRuntime

@Suite struct TraceRecorderTests {
  func temporaryPath(_ name: String) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
  }

  @Test func aRecordedSessionReplaysToTheSameState() throws {
    let path = temporaryPath("session.jsonl")
    let recorder = try TraceRecorder(path: path)
    let harness = Harness { parts in SimulatedSpeechEngine(sink: parts.sink, scheduler: parts.scheduler) }
    harness.runtime.observe { recorder.record($0) }
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.send(.primaryTapped)
    harness.run(until: 0.9)
    harness.send(.jumpToNextSentenceTapped)
    harness.run(until: 1.2)
    harness.send(.primaryTapped)
    harness.run(until: 5)
    harness.send(.speedChanged(wpm: 300))
    harness.send(.primaryTapped)
    harness.run(until: 6)

    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    // The box as the recording began, then every event, the book with its text among them.
    #expect(lines.first?.hasPrefix(#"{"state":{"#) == true)
    #expect(lines.first?.hasSuffix(#","trace":3}"#) == true)
    #expect(try TraceCoding.readHeader(lines[0], line: 1).playback.wpm == 175)
    let opened = try #require(try TraceCoding.readEntry(lines[1], line: 2))
    guard case .bookOpened(let bookID, let book, _, _, _, _, _, _, _, _, _, _) = opened.event else {
      Issue.record("the book opened is the first event: \(lines[1])")
      return
    }
    #expect(bookID == "three")
    #expect(book == SampleText.book)
    #expect(lines[1].hasPrefix(#"{"event":{"bookOpened":{"book":{"sentences":[[0,14],[15,29],[30,47]],"text":"#))
    var replay = Replay()
    var outputs = 0
    for line in lines { if try replay.feed(line) != nil { outputs += 1 } }
    #expect(outputs == lines.count - 1)
    let live = harness.playback
    #expect(replay.state?.phase == live.phase)
    #expect(replay.state?.offset == live.offset)
    #expect(replay.state?.utteranceToken == live.utteranceToken)
    #expect(replay.state?.wpm == 300)
  }

  @Test func eventLinesCarryTheirTime() throws {
    let path = temporaryPath("times.jsonl")
    let recorder = try TraceRecorder(path: path)
    let harness = Harness { _ in RecordingSpeechEngine() }
    harness.runtime.observe { recorder.record($0) }
    harness.runtime.open(bookID: "three", book: SampleText.book)
    harness.clock.advance(to: 2.5)
    harness.send(.primaryTapped)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.last == #"{"event":{"playback":{"_0":{"primaryTapped":{}}}},"t":2.5}"#)
  }

  @Test func aTraceInAMissingFolderIsAClearError() {
    #expect(throws: TraceRecorderError.self) { try TraceRecorder(path: "/nonexistent-folder/trace.jsonl") }
    #expect(TraceRecorderError.cannotCreate("/x/t").description.contains("check that its folder exists"))
  }
}

/// The `foliotell` executable as a user runs it. `.ci/run` builds it before the tests.
@Suite struct CommandLineTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let binary = packageRoot.appendingPathComponent(".build/debug/foliotell").path

  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  func run(_ arguments: [String], input: String? = nil) throws -> Result {
    guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
      Issue.record("\(Self.binary) is missing: build it first with `swift build --build-tests`")
      return Result(status: -1, output: "", errors: "")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      errors: String(decoding: err, as: UTF8.self))
  }

  func write(_ text: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).jsonl").path
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  @Test func replayPrintsOneLinePerEvent() throws {
    let path = write(
      """
      {"document": {"sentences": [[0, 14], [15, 29]]}}
      {"t": 0, "event": "primaryTapped"}
      {"event": "willSpeakRange", "token": 1, "location": 15, "length": 4}

      """)
    let result = try run(["replay", path])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.last?.contains(#""sentence": 1, "offset": 15"#) == true)
  }

  @Test func replayAcceptsWindowsLineEndings() throws {
    let path = write(
      "{\"document\": {\"sentences\": [[0, 14], [15, 29]]}}\r\n{\"t\": 0, \"event\": \"primaryTapped\"}\r\n"
        + "{\"event\": \"willSpeakRange\", \"token\": 1, \"location\": 15, \"length\": 4}\r\n")
    let result = try run(["replay", path])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.split(separator: "\n").count == 2)
  }

  @Test func aTraceTheSimulatorRecordsAtItsFastestRateReplays() throws {
    let trace = FileManager.default.temporaryDirectory.appendingPathComponent("fast-\(UUID().uuidString).jsonl").path
    let sim = try run(["sim", "--clock", "virtual", "--engine", "simulated", "--wpm", "900", "--trace", trace])
    #expect(sim.status == 0, "\(sim.errors)")
    let replay = try run(["replay", trace])
    #expect(replay.status == 0, "\(replay.errors)")
    #expect(replay.output.contains(#""wpm":900"#))
  }

  @Test func replayReadsStandardInput() throws {
    let result = try run(
      ["replay", "-"], input: "{\"document\": {\"sentences\": [[0, 3]]}}\n{\"event\": \"stopTapped\"}\n")
    #expect(result.status == 0)
    #expect(result.output.contains(#""phase": "idle""#))
  }

  @Test func replayOfABadLineExitsWithStatusTwoNamingTheLine() throws {
    let path = write(
      "{\"document\": {\"sentences\": [[0, 3]]}}\n{\"event\": \"primaryTapped\"}\n{\"event\": \"jump\"}\n")
    let result = try run(["replay", path])
    #expect(result.status == 2)
    #expect(result.errors.contains("line 3: unknown event \"jump\""))
    #expect(result.output.split(separator: "\n").count == 1)
  }

  @Test func replayOfNonJsonExitsWithStatusTwo() throws {
    let path = write("{\"document\": {\"sentences\": [[0, 3]]}}\nplay\n")
    let result = try run(["replay", path])
    #expect(result.status == 2)
    #expect(result.errors.contains("line 2: not valid JSON"))
  }

  /// A pulled plug leaves the daemon's trace with a torn last line: NUL bytes, or a line without its end.
  @Test func aTraceCutByThePowerGoingOffReplaysUpToItsLastWholeLine() throws {
    let whole = "{\"document\": {\"sentences\": [[0, 14], [15, 29]]}}\n{\"t\": 0, \"event\": \"primaryTapped\"}\n"
    for torn in [String(repeating: "\0", count: 300), "{\"event\": \"willSpeakRange\", \"tok", "{\"event\": \"will\0\0\0\0"] {
      let result = try run(["replay", write(whole + torn)])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.split(separator: "\n").count == 1)
      #expect(result.errors.contains("line 3 was cut short when the power went off; replayed the 2 lines before it"))
    }
    // A whole last line without its newline is an event, and a bad line that ends in its newline is an error.
    let unended = try run(["replay", write(whole + "{\"event\": \"willSpeakRange\", \"token\": 1, \"location\": 15, \"length\": 4}")])
    #expect(unended.status == 0)
    #expect(unended.output.split(separator: "\n").count == 2)
    let broken = try run(["replay", write(whole + "{\"event\": \"willSpeakRange\", \"tok\n")])
    #expect(broken.status == 2)
    #expect(broken.errors.contains("line 3: not valid JSON"))
  }

  @Test func replayOfAMissingFileSaysSo() throws {
    let result = try run(["replay", "/no/such/trace.jsonl"])
    #expect(result.status != 0)
    #expect(result.errors.contains("cannot read the trace '/no/such/trace.jsonl'"))
  }

  @Test func theSimulatorReadsTheSampleBookToTheEnd() throws {
    let result = try run(["sim", "--clock", "virtual", "--wpm", "300"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("Alice was beginning to get very tired"))
    #expect(result.output.contains("[says: The end of the book. Press PLAY to start over.]"))
  }

  @Test func theSimulatorRecordsATraceThatReplays() throws {
    let trace = FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString).jsonl").path
    let sim = try run(["sim", "--clock", "virtual", "--trace", trace])
    #expect(sim.status == 0)
    let replay = try run(["replay", trace])
    #expect(replay.status == 0, "\(replay.errors)")
    #expect(replay.output.split(separator: "\n").last?.contains(#""phase":"finished""#) == true)
  }

  /// A voice espeak-ng does not have is refused before anything is read, naming some that it has.
  @Test func theSimulatorRefusesAVoiceThatIsNotInstalled() throws {
    let result = try run(["sim", "--voice", "klingon-xx", "--audio", "null"])
    #expect(result.status == 2)
    #expect(result.errors.contains("--voice 'klingon-xx' is not an installed espeak-ng voice; name one `foliotell voices` lists"))
  }

  @Test func theSimulatorKeepsThePlaceInItsDataDirectory() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString)").path
    let book = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString).txt").path
    FileManager.default.createFile(atPath: book, contents: Data("One sentence here. And a second one.".utf8))
    let first = try run(["sim", book, "--clock", "virtual", "--data-dir", directory])
    #expect(first.status == 0, "\(first.errors)")
    // Without a book, the last one is reopened; it was finished, so it is read again from the start.
    let second = try run(["sim", "--clock", "virtual", "--data-dir", directory])
    #expect(second.status == 0, "\(second.errors)")
    #expect(second.output.contains("One sentence here."))
    #expect(second.output.contains("[book opened: 2 sentences"))
  }

  @Test func infoShowsWhatTheBoxUnderstoodOfABook() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("info-\(UUID().uuidString).txt").path
    FileManager.default.createFile(
      atPath: path, contents: Data("CHAPTER I\n\nMr. Smith came home.\nHe slept.\n\nCHAPTER II\n\nMorning came.".utf8))
    let text = try run(["info", path])
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.output.contains("format:     plain text"))
    #expect(text.output.contains("characters: "))
    #expect(text.output.contains("paragraphs: 4, sentences: 5"))
    #expect(text.output.contains("  1. CHAPTER I  (at 0)"))
    let sentences = try run(["info", path, "--sentences"])
    #expect(sentences.output.contains("\n11\tMr. Smith came home.\n"))
    let json = try run(["info", path, "--json"])
    #expect(json.output.hasPrefix("{\"id\": \""))
    #expect(
      json.output.contains(
        #""sentences": 5, "problems": [], "chapters": [{"title": "CHAPTER I", "start": 0, "level": 1}, {"title": "CHAPTER II""#))
  }

  @Test func infoOfAMissingOrEmptyBookFailsWithTheReason() throws {
    let missing = try run(["info", "/no/such/book.txt"])
    #expect(missing.status == 1)
    #expect(missing.errors.contains("cannot open the book '/no/such/book.txt': no such file"))
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString).txt").path
    FileManager.default.createFile(atPath: empty, contents: Data("\n\n".utf8))
    let blank = try run(["info", empty])
    #expect(blank.status == 1)
    #expect(blank.errors.contains("has no text to read"))
  }

  @Test func theSimulatorRejectsABadRate() throws {
    let result = try run(["sim", "--wpm", "fast"])
    #expect(result.status == 2)
    #expect(result.errors.contains("--wpm 'fast' is not a rate from 80 to 900"))
  }

  @Test func anUnknownCommandShowsTheUsage() throws {
    let result = try run(["dance"])
    #expect(result.status == 2)
    #expect(result.errors.contains("unknown command 'dance'"))
    #expect(result.errors.contains("replay TRACE.jsonl"))
  }
}
