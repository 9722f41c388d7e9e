import FolioTellControls
import Foundation
import Testing

@testable import FolioTellInput

@Suite struct InputSetupTests {
  func write(_ text: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "foliotell-setup-\(UUID().uuidString).json"
    ).path
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  func error(_ text: String) -> String {
    do {
      _ = try InputSetup.load(board: nil, config: write(text))
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func everyBoardFileInTheProjectLoads() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("board")
    let boards = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    #expect(boards.contains("raspberry-pi.json"))
    for board in boards {
      let setup = try InputSetup.load(board: folder.appendingPathComponent(board).path, config: nil)
      #expect(setup.wiring.duplicateLine == nil)
    }
    let pi = try InputSetup.load(board: folder.appendingPathComponent("raspberry-pi.json").path, config: nil)
    #expect(pi.wiring.buttons.first == ControlWiring.Button(control: .play, line: "GPIO17"))
    #expect(pi.wiring.encoders.first?.a == "GPIO5")
  }

  @Test func aConfigSetsTimingPerLineAndKeys() throws {
    let path = write(
      """
      {"gpio": {"chip": "gpiochip1", "buttons": [{"control": "PLAY", "line": "7", "debounceMs": 35, "longPressMs": 900, "repeatMs": 0, "activeLow": false}],
        "encoders": [{"a": "GPIO5", "b": "GPIO6", "transitionsPerDetent": 2, "reversed": true, "acceleration": [{"withinMs": 30, "steps": 3}]}]},
       "input": {"grab": false, "keys": {"KEY_F1": "MENU", "KEY_SPACE": ""}}}
      """)
    let setup = try InputSetup.load(board: nil, config: path)
    #expect(setup.wiring.chip == "gpiochip1")
    #expect(
      setup.wiring.buttons == [
        .init(
          control: .play, line: "7", activeLow: false,
          timing: ButtonTiming(debounce: 0.035, longPress: 0.9, repeatInterval: 0))
      ])
    #expect(setup.wiring.encoders[0].control == .encoder)
    #expect(
      setup.wiring.encoders[0].timing
        == EncoderTiming(
          transitionsPerDetent: 2, acceleration: [AccelerationRule(within: 0.03, steps: 3)], reversed: true))
    #expect(setup.keys[KeyNames.code(for: "KEY_F1")!] == .menu)
    #expect(setup.keys[57] == nil)
    #expect(!setup.grabDevices)
  }

  @Test func brokenConfigsSayWhereAndWhat() {
    #expect(error("{\"gpio\": {\"buttons\": [{\"control\": \"PLAY\"}]}}").hasSuffix("gpio.buttons[0].line: is missing"))
    #expect(
      error("{\"gpio\": {\"buttons\": [{\"control\": \"JUMP\", \"line\": \"GPIO4\"}]}}").contains(
        "unknown control 'JUMP'"))
    #expect(
      error("{\"gpio\": {\"buttons\": [{\"control\": \"PLAY\", \"line\": \"GPIO4\", \"debounceMs\": \"20\"}]}}")
        .contains("debounceMs: must be a number from 0 to 1000"))
    #expect(
      error("{\"gpio\": {\"encoders\": [{\"a\": \"GPIO5\", \"b\": \"GPIO6\", \"transitionsPerDetent\": 3}]}}").contains(
        "must be 1, 2 or 4"))
    #expect(error("{\"input\": {\"keys\": {\"KEY_NOPE\": \"PLAY\"}}}").contains("input.keys.KEY_NOPE: unknown key"))
    #expect(error("{\"input\": {\"grab\": 1}}").contains("input.grab: must be true or false"))
    #expect(
      error(
        "{\"gpio\": {\"buttons\": [{\"control\": \"PLAY\", \"line\": \"GPIO4\"}, {\"control\": \"NEXT\", \"line\": \"GPIO4\"}]}}"
      ).contains("the line GPIO4 is given to two controls"))
    #expect(error("{\"gpio\": ").contains("not valid JSON"))
    #expect(error("[1]").contains("must be a JSON object"))
  }

  @Test func anUnknownBoardListsTheKnownOnes() {
    #expect(throws: InputSetupError.self) { try InputSetup.boardPath(named: "toaster", folders: ["/nonexistent"]) }
  }

  @Test func edgeStreamsParseAndBrokenLinesAreNamed() throws {
    let edges = try EdgeStream.parse(
      "{\"t\": 0.5, \"line\": \"GPIO17\", \"value\": 0}\n\n{\"t\": 0.6, \"line\": \"GPIO17\", \"value\": 1}\n",
      file: "e.jsonl")
    #expect(
      edges == [EdgeRecord(time: 0.5, line: "GPIO17", value: 0), EdgeRecord(time: 0.6, line: "GPIO17", value: 1)])
    #expect(try EdgeStream.parse(edges[0].jsonLine, file: "x") == [edges[0]])
    #expect(throws: EdgeStreamError(file: "e.jsonl", line: 2, reason: "\"value\" must be 0 or 1")) {
      try EdgeStream.parse(
        "{\"t\": 0, \"line\": \"A\", \"value\": 0}\n{\"t\": 1, \"line\": \"A\", \"value\": 5}", file: "e.jsonl")
    }
    #expect(throws: EdgeStreamError.self) {
      try EdgeStream.parse(
        "{\"t\": 2, \"line\": \"A\", \"value\": 0}\n{\"t\": 1, \"line\": \"A\", \"value\": 1}", file: "e")
    }
    #expect(throws: EdgeStreamError.self) { try EdgeStream.parse("t=1 GPIO17 0", file: "e") }
  }
}
