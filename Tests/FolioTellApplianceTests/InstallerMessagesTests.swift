import Foundation
import Testing

/// What an installer meets at the command line: every command explains itself, and a mistake is named
/// with its fix and the right exit status.
@Suite struct InstallerMessagesTests {
  @Test(arguments: [
    "run", "doctor", "sim", "say", "read", "voices", "library", "info", "bench", "controls", "replay", "display-log",
  ])
  func everyCommandAnswersHelpWithItsOwnUsage(command: String) throws {
    for flag in ["--help", "-h"] {
      let result = try VirtualRun.execute([command, flag])
      #expect(result.status == 0, "\(command) \(flag): \(result.errors)")
      #expect(result.output.hasPrefix("usage: foliotell \(command)"), "\(result.output)")
      #expect(!result.output.contains("commands:"))
    }
  }

  @Test func aLibraryFolderThatIsNotThereIsNamed() throws {
    let missing = try VirtualRun.execute(["library", "/nonexistent-folder"])
    #expect(missing.status == 1)
    #expect(missing.errors.contains("no such folder '/nonexistent-folder'"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString).txt").path
    try "A book.".write(toFile: file, atomically: true, encoding: .utf8)
    let notAFolder = try VirtualRun.execute(["library", file])
    #expect(notAFolder.status == 1)
    #expect(notAFolder.errors.contains("is a file, not a folder; to see one book use: foliotell info"))
  }

  @Test func doctorWithABrokenConfigExitsTwoAsRunWould() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("typo-\(UUID().uuidString).json").path
    try #"{"wpm": 200"#.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try VirtualRun.execute(["doctor", "--config", path])
    #expect(result.status == 2)
    #expect(result.output.contains("FAIL config: \(path)"))
  }

  @Test func aDataFolderUnderAFileIsSaidInWords() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("notadir-\(UUID().uuidString)").path
    try "".write(toFile: file, atomically: true, encoding: .utf8)
    let result = try VirtualRun.execute([
      "sim", "--clock", "virtual", "--engine", "simulated", "--audio", "null", "--data-dir", file + "/sub",
    ])
    #expect(result.errors.contains("cannot keep places in \(file)/sub: make the folder \(file): Not a directory"), "\(result.errors)")
    #expect(!result.errors.contains("CocoaError"))
  }
}

/// A voice that is not installed is named where it was given, and not taken for English in silence.
@Suite struct UnknownVoiceTests {
  @Test func anUnknownVoiceOnTheCommandLineIsRefused() throws {
    let said = try VirtualRun.execute(["say", "Hello.", "--voice", "vulcan", "--audio", "null"])
    #expect(said.status == 2)
    #expect(said.errors.contains("--voice 'vulcan' is not an installed espeak-ng voice"), "\(said.errors)")
    let sim = try VirtualRun.execute(["sim", "--clock", "virtual", "--engine", "simulated", "--voice", "vulcan"])
    #expect(sim.status == 2)
    // Names espeak-ng knows in all their forms are taken.
    for voice in ["de", "gmw/de", "German", "en-gb", "en", "en+f3"] {
      let ok = try VirtualRun.execute(["say", "Hallo.", "--voice", voice, "--audio", "null"])
      #expect(ok.status == 0, "\(voice): \(ok.errors)")
    }
  }

  @Test func anUnknownVoiceInTheConfigFailsDoctorAndStopsRun() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/config.json"
    try #"{"voice": "vulcan", "audio": "null", "dataDirectory": "\#(folder)/data", "library": ["\#(folder)"]}"#
      .write(toFile: path, atomically: true, encoding: .utf8)
    let doctor = try VirtualRun.execute(["doctor", "--config", path])
    #expect(doctor.status == 1)
    #expect(doctor.output.contains("FAIL voice: 'vulcan' is not an installed espeak-ng voice"), "\(doctor.output)")
    let run = try VirtualRun.execute(["run", "--config", path])
    #expect(run.status == 2)
    #expect(run.errors.contains("\(path): voice: 'vulcan' is not an installed espeak-ng voice"), "\(run.errors)")
  }
}

/// The same text gives the same bytes: nothing after the text races the end of the process.
@Suite struct SameTextSameBytesTests {
  @Test func sayGivesTheSameWAVEveryTime() throws {
    var sizes: Set<Int> = []
    var files: Set<Data> = []
    for run in 0..<6 {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("same-\(run)-\(UUID().uuidString).wav").path
      let result = try VirtualRun.execute(["say", "Hello there.", "--audio", "wav:" + path])
      #expect(result.status == 0, "\(result.errors)")
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      sizes.insert(data.count)
      files.insert(data)
    }
    #expect(files.count == 1, "sizes: \(sizes.sorted())")
  }
}
