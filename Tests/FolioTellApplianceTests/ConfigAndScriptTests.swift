import FolioTellAppliance
import FolioTellJSON
import FolioTellCore
import Foundation
import Testing

/// The config `run` reads and the scripts `sim --script` plays.
@Suite struct ConfigAndScriptTests {
  func file(_ text: String) -> String {
    let path = VirtualRun.folder() + "/config.json"
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  @Test func anEmptyConfigIsThePlainDefaults() throws {
    let config = try ApplianceConfig.load(path: file("{}"))
    #expect(config.board == nil)
    #expect(config.dataDirectory == "/var/lib/foliotell")
    #expect(config.bookFolders == ["/var/lib/foliotell/books"])
    #expect(config.audio == "default")
    #expect(config.audioIdleSeconds == 30)
    #expect(config.input.wiring.lines.isEmpty)
    #expect(config.display.output == .none)
    let none = try ApplianceConfig.load(path: nil)
    #expect(none.files.isEmpty && none.dataDirectory == "/var/lib/foliotell")
  }

  @Test func theBoardGivesDefaultsAndTheConfigWins() throws {
    let path = file(
      #"{"board": "raspberry-pi", "dataDirectory": "/data/box", "amplifier": {"line": "GPIO16"}, "display": {"controller": "sh1106"}, "wpm": 200}"#
    )
    let config = try ApplianceConfig.load(path: path)
    #expect(config.board == "raspberry-pi")
    #expect(config.files.count == 2 && config.files[0].hasSuffix("board/raspberry-pi.json"))
    #expect(config.input.wiring.lines.contains("GPIO17"))
    #expect(config.bookFolders == ["/data/box/books"])
    #expect(config.amplifier == AmplifierLine(chip: "gpiochip0", line: "GPIO16"))
    #expect(config.wpm == 200)
    guard case .panel(let panel) = config.display.output else {
      Issue.record("the display should be the panel")
      return
    }
    #expect(panel.bus == "/dev/i2c-1")
    #expect(panel.controller.rawValue == "sh1106")
  }

  @Test func boxLanguageIsOneTheBoxSpeaks() throws {
    #expect(try ApplianceConfig.load(path: file(#"{"boxLanguage": "de-AT"}"#)).boxLanguage == "de")
    #expect(try ApplianceConfig.load(path: file("{}")).boxLanguage == nil)
    #expect {
      try ApplianceConfig.load(path: file("{\n  \"boxLanguage\": \"vi\"\n}"))
    } throws: { error in
      "\(error)".contains(
        "config.json, line 2: boxLanguage is \"vi\"; the box speaks \"en\" (English), \"de\" (Deutsch), \"fr\" (Français), \"es\" (Español), \"ru\" (Русский)"
      )
    }
  }

  @Test func mistakesNameTheFileLineAndFix() throws {
    let unknown = file("{\n  \"trace\": {\"file\": 3}\n}")
    #expect {
      try ApplianceConfig.load(path: unknown)
    } throws: { error in
      "\(error)".contains("config.json, line 2: unknown key \"trace.file\"; did you mean \"files\"?")
    }
    let amplifier = file(#"{"amplifier": {"chip": "gpiochip0"}}"#)
    #expect {
      try ApplianceConfig.load(path: amplifier)
    } throws: { error in
      "\(error)".contains("amplifier.line is missing: name the line wired to the amplifier's SD pin")
    }
    let relative = file(#"{"dataDirectory": "data"}"#)
    #expect {
      try ApplianceConfig.load(path: relative)
    } throws: { error in
      "\(error)".contains("dataDirectory must be an absolute path")
    }
    #expect {
      try ApplianceConfig.load(path: nil, board: "toaster")
    } throws: { error in
      "\(error)".contains("no such board; known boards:")
    }
  }

  @Test func aScriptIsReadFromAnyFileAPipeOrNothingAndAFolderIsNamed() throws {
    let empty = try VirtualRun.execute(["sim", "--clock", "virtual", "--engine", "simulated", "--script", "/dev/null"])
    #expect(empty.status == 0, "\(empty.errors)")
    let fifo = VirtualRun.folder() + "/presses"
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: fifo)
      handle?.write(Data("1.0 STOP\n".utf8))
      try? handle?.close()
    }
    writer.start()
    let piped = try VirtualRun.execute(["sim", "--clock", "virtual", "--engine", "simulated", "--script", fifo])
    #expect(piped.status == 0, "\(piped.errors)")
    #expect(piped.output.contains("[says: Stopped. PLAY goes on from here.]"), "\(piped.output)")
    let folder = try VirtualRun.execute(["sim", "--clock", "virtual", "--script", "/tmp"])
    #expect(folder.status == 1)
    #expect(folder.errors.contains("cannot read the script '/tmp': it is a folder, not a file"))
  }

  @Test func aScriptIsPressesAtTimes() throws {
    let script = try ControlScript.parse(
      "# a comment\r\n1.5 PLAY\r\n\r\n4 next long   # held\n7.0 ENCODER -2\n7.0 FASTER repeat\n", file: "s.txt")
    #expect(
      script.steps == [
        .init(time: 1.5, event: .control(name: .play, gesture: .short)),
        .init(time: 4, event: .control(name: .next, gesture: .long)),
        .init(time: 7, event: .encoder(steps: -2)),
        .init(time: 7, event: .control(name: .faster, gesture: .repeatWhileHeld)),
      ])
  }

  @Test(arguments: [
    ("1.0 JUMP", "line 1: unknown control 'JUMP'"),
    ("2.0 PLAY\n1.0 PLAY", "line 2: 1.0 s comes before 2.0 s"),
    ("soon PLAY", "line 1: 'soon' is not a time in seconds"),
    ("1 ENCODER", "line 1: ENCODER needs the detents turned"),
    ("1 PLAY twice", "line 1: unknown gesture 'twice'"),
    ("1", "line 1: a control is missing after the time"),
  ])
  func aWrongLineIsNamed(text: String, message: String) {
    #expect {
      try ControlScript.parse(text, file: "s.txt")
    } throws: { error in
      "\(error)".contains("s.txt, \(message)")
    }
  }
}
