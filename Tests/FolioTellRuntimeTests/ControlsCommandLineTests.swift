import Foundation
import Testing

/// `foliotell controls` as a maker runs it, with the project's own board file.
extension CommandLineTests {
  static let board = packageRoot.appendingPathComponent("board/raspberry-pi.json").path

  @Test func controlsReplayDecodesARecordedStream() throws {
    let edges = write(
      """
      {"t": 0.0, "line": "GPIO17", "value": 0}
      {"t": 0.003, "line": "GPIO17", "value": 1}
      {"t": 0.004, "line": "GPIO17", "value": 0}
      {"t": 0.2, "line": "GPIO17", "value": 1}
      {"t": 1.0, "line": "GPIO6", "value": 0}
      {"t": 1.002, "line": "GPIO5", "value": 0}
      {"t": 1.004, "line": "GPIO6", "value": 1}
      {"t": 1.006, "line": "GPIO5", "value": 1}
      {"t": 2.0, "line": "GPIO4", "value": 0}
      """)
    let result = try run(["controls", "--replay", edges, "--board", Self.board])
    #expect(result.status == 0)
    #expect(
      result.output.split(separator: "\n") == [
        #"{"t": 0.2000, "control": "PLAY", "gesture": "short"}"#, #"{"t": 1.0060, "control": "ENCODER", "steps": 1}"#,
      ])
    #expect(result.errors.contains("GPIO4"))
  }

  @Test func controlsReplayNamesABrokenLine() throws {
    let edges = write("{\"t\": 0.0, \"line\": \"GPIO17\", \"value\": 0}\n{\"t\": 0.1, \"line\": \"GPIO17\"}\n")
    let result = try run(["controls", "--replay", edges, "--board", Self.board])
    #expect(result.status == 1)
    #expect(result.errors.contains("line 2: \"value\" must be 0 or 1"))
  }

  @Test func controlsReplayNamesATimeTheDecoderCannotUse() throws {
    let edges = write(
      "{\"t\": 0.0, \"line\": \"GPIO17\", \"value\": 0}\n{\"t\": 1e18, \"line\": \"GPIO17\", \"value\": 1}\n")
    let result = try run(["controls", "--replay", edges, "--board", Self.board])
    #expect(result.status == 1)
    #expect(result.errors.contains("line 2: \"t\" is 1e+18 s"))
    #expect(result.output.isEmpty)
  }

  @Test func controlsReplayAcceptsWindowsLineEndings() throws {
    let edges = write(
      "{\"t\": 0.0, \"line\": \"GPIO17\", \"value\": 0}\r\n{\"t\": 0.2, \"line\": \"GPIO17\", \"value\": 1}\r\n")
    let result = try run(["controls", "--replay", edges, "--board", Self.board])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == #"{"t": 0.2000, "control": "PLAY", "gesture": "short"}"# + "\n")
  }

  @Test func controlsReplayRepeatsAHeldButtonUntilItsRelease() throws {
    let edges = write(
      "{\"t\": 1.0, \"line\": \"GPIO27\", \"value\": 0}\n{\"t\": 2.4, \"line\": \"GPIO27\", \"value\": 1}\n")
    let result = try run(["controls", "--replay", edges, "--board", Self.board])
    #expect(result.status == 0, "\(result.errors)")
    let gestures = result.output.split(separator: "\n").map { $0.split(separator: "\"gesture\": ").last ?? "" }
    #expect(gestures == [#""long"}"#] + Array(repeating: #""repeat"}"#, count: 5) + [#""release"}"#])
  }

  @Test func controlsWithoutTheBoardsChipSaysWhatToCheck() throws {
    let result = try run(["controls", "--board", Self.board, "--no-devices", "--silent"])
    if FileManager.default.fileExists(atPath: "/dev/gpiochip0") {
      print("skipped: this machine has /dev/gpiochip0, so the missing-chip message cannot be seen")
      return
    }
    #expect(result.status == 1)
    #expect(result.errors.contains("GPIO chip 'gpiochip0'"))
    #expect(result.errors.contains("raspberry-pi.json"))
  }

  @Test func anUnknownBoardListsTheKnownBoards() throws {
    let result = try run(["controls", "--board", "toaster", "--replay", "/dev/null"])
    #expect(result.status == 1)
    #expect(result.errors.contains("raspberry-pi"))
  }
}
