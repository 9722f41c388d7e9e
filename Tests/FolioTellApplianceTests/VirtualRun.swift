import Foundation
import Testing

/// One run of the whole box as a user runs it: `foliotell sim BOOK --clock virtual --script ...` with real
/// espeak-ng, in a process of its own (espeak-ng is one per process), then `foliotell replay` of its trace
/// for the effects. What came out: the words heard, what was said, the WAV's samples, the trace.
struct VirtualRun {
  static let rate = 22_050
  static let period = rate / 100
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let binary = packageRoot.appendingPathComponent(".build/debug/foliotell").path

  struct Heard: Equatable {
    var time: Double
    var location: Int
    var token: Int
  }

  var samples: [Int16]
  /// The WAV file as written, header and all.
  var wav: Data
  var trace: String
  var replayed: [String]
  var status: Int32
  var errors: String

  static func folder() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("appliance-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static let book = """
    The first sentence has several words in it. The second sentence is about the quiet river. \
    The third one talks of mountains and snow. The fourth speaks of the sea and its long grey waves.
    """

  @discardableResult
  /// A run that takes longer than `timeout` seconds hangs: it is killed, and its status says so (137).
  static func execute(_ arguments: [String], timeout: Double = 600) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    defer { watchdog.cancel() }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  static func run(
    script: String, book text: String = book, bookFile: Bool = true, dataDirectory: String? = nil,
    library: [String: String] = [:], extra: [String] = [], bookName: String = "book.txt"
  ) throws -> VirtualRun {
    let folder = folder()
    let bookPath = folder + "/" + bookName
    _ = FileManager.default.createFile(atPath: bookPath, contents: Data(text.utf8))
    let books = folder + "/books"
    try FileManager.default.createDirectory(atPath: books, withIntermediateDirectories: true)
    for (name, contents) in library {
      _ = FileManager.default.createFile(atPath: books + "/" + name, contents: Data(contents.utf8))
    }
    _ = FileManager.default.createFile(atPath: folder + "/script.txt", contents: Data(script.utf8))
    var arguments = bookFile ? ["sim", bookPath] : ["sim"]
    arguments += [
      "--clock", "virtual", "--script", folder + "/script.txt", "--audio", "wav:" + folder + "/out.wav",
      "--trace", folder + "/trace.jsonl", "--library", books,
    ]
    if let dataDirectory { arguments += ["--data-dir", dataDirectory] }
    let sim = try execute(arguments + extra)
    let wav = (try? Data(contentsOf: URL(fileURLWithPath: folder + "/out.wav"))) ?? Data()
    let samples = wav.count > 44 ? wav.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) } : []
    let trace = (try? String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8)) ?? ""
    let replay = try execute(["replay", folder + "/trace.jsonl"])
    return VirtualRun(
      samples: samples, wav: wav, trace: trace, replayed: replay.output.split(separator: "\n").map(String.init),
      status: sim.status, errors: sim.errors + replay.errors)
  }

  static func number(_ field: String, in line: String) -> Double? {
    guard let range = line.range(of: "\"\(field)\":") else { return nil }
    let rest = line[range.upperBound...].drop { $0 == " " }
    return Double(rest.prefix { "0123456789.-e".contains($0) })
  }

  /// A line of JSON as nested dictionaries and arrays.
  static func object(_ line: some StringProtocol) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
  }

  /// The trace's events (version 2: `{"event": {...}, "t": ...}`), with their times.
  var events: [(time: Double, event: [String: Any])] {
    trace.split(separator: "\n").compactMap { line in
      guard let object = Self.object(line), let event = object["event"] as? [String: Any],
        let time = object["t"] as? Double
      else { return nil }
      return (time, event)
    }
  }

  /// Every word heard, from the trace: its time, place and utterance.
  var heard: [Heard] {
    events.compactMap { time, event in
      guard let playback = (event["playback"] as? [String: Any])?["_0"] as? [String: Any],
        let word = playback["willSpeakRange"] as? [String: Any], let location = word["location"] as? Int,
        let token = word["token"] as? Int
      else { return nil }
      return Heard(time: time, location: location, token: token)
    }
  }

  /// The books opened, as the trace has them.
  var booksOpened: [[String: Any]] { events.compactMap { $0.event["bookOpened"] as? [String: Any] } }

  /// What the box said besides the book, with the time of the event that said it.
  var announcements: [(time: Double, text: String)] {
    replayed.flatMap { line -> [(Double, String)] in
      guard let object = Self.object(line), let effects = object["effects"] as? [[String: Any]] else { return [] }
      let time = object["t"] as? Double ?? 0
      return effects.compactMap { effect in
        ((effect["announce"] as? [String: Any])?["text"] as? String).map { (time, $0) }
      }
    }
  }

  /// The rate after the last event.
  var finalWPM: Int? {
    replayed.last.flatMap { Self.object($0)?["state"] as? [String: Any] }.flatMap { $0["wpm"] as? Int }
  }

  func frame(_ time: Double) -> Int { Int((time * Double(Self.rate)).rounded()) }

  /// The root-mean-square level between two times.
  func level(from start: Double, to end: Double) -> Double {
    let range = frame(start)..<min(frame(end), samples.count)
    guard !range.isEmpty else { return 0 }
    let sum = samples[range].reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(range.count)).squareRoot()
  }

  /// The loudest sample between two times.
  func peak(from start: Double, to end: Double) -> Int {
    let range = frame(start)..<min(frame(end), samples.count)
    guard !range.isEmpty else { return 0 }
    return samples[range].map { Int($0.magnitude) }.max() ?? 0
  }
}
