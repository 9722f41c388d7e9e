import Dispatch
import FolioTellControls
import FolioTellCore
import FolioTellInput
import FolioTellRuntime
import FolioTellSpeech
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// `foliotell controls`: checks the wiring. Live, it prints (and says) each control as it is decoded from
/// the GPIO lines and input devices; with --replay it decodes a recorded edge stream; with --record it
/// also writes the raw edges, so a person's own presses can be replayed to tune the timing.
enum ControlsCommand {
  static let usage =
    "controls [--board NAME] [--config FILE] [--replay EDGES.jsonl | --record FILE] [--no-gpio] [--no-devices] [--silent] [--audio OUTPUT]"

  static func run(_ arguments: [String]) {
    var board: String?
    var config: String?
    var replay: String?
    var recordPath: String?
    var useGPIO = true
    var useDevices = true
    var speak = true
    var audio = "default"
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      func value() -> String {
        guard let value = rest.popFirst() else {
          fail("controls: \(argument) needs a value; usage: foliotell \(usage)")
        }
        return value
      }
      switch argument {
      case "--board": board = value()
      case "--config": config = value()
      case "--replay": replay = value()
      case "--record": recordPath = value()
      case "--no-gpio": useGPIO = false
      case "--no-devices": useDevices = false
      case "--silent": speak = false
      case "--audio": audio = value()
      default: fail("controls: unknown option '\(argument)'; usage: foliotell \(usage)")
      }
    }
    let setup: InputSetup
    do {
      setup = try InputSetup.load(board: board, config: config)
    } catch {
      fail(error.description, status: 1)
    }
    if let replay {
      replayEdges(replay, setup: setup)
    } else {
      live(setup, recordPath: recordPath, useGPIO: useGPIO, useDevices: useDevices, speakOutput: speak ? audio : nil)
    }
  }

  /// One JSON line per control: `{"t": 0.6123, "control": "PLAY", "gesture": "long"}` or
  /// `{"t": 1.2, "control": "ENCODER", "steps": -2}`.
  static func json(_ output: ControlOutput) -> String {
    let time = String(printf: "%.4f", output.time)
    switch output.action {
    case .gesture(let gesture):
      return "{\"t\": \(time), \"control\": \"\(output.control)\", \"gesture\": \"\(gesture.rawValue)\"}"
    case .turn(let steps):
      return "{\"t\": \(time), \"control\": \"\(output.control)\", \"steps\": \(steps)}"
    case .pushedTurn(let steps):
      return "{\"t\": \(time), \"control\": \"\(output.control)\", \"steps\": \(steps), \"pushed\": true}"
    }
  }

  static func replayEdges(_ path: String, setup: InputSetup) {
    guard let data = FileManager.default.contents(atPath: path) else {
      fail("controls: cannot read the edge stream '\(path)'", status: 1)
    }
    let edges: [EdgeRecord]
    do {
      edges = try EdgeStream.parse(String(decoding: data, as: UTF8.self), file: path)
    } catch {
      fail(error.description, status: 1)
    }
    guard !setup.wiring.lines.isEmpty else {
      fail(
        "controls: no GPIO lines are wired in \(setup.sourceDescription); name a board (--board raspberry-pi) or a config with a \"gpio\" section",
        status: 1)
    }
    let unknown = Set(edges.map(\.line)).subtracting(setup.wiring.lines).sorted()
    if !unknown.isEmpty {
      WritableFile.standardError.print(
        "foliotell: the edge stream has lines that \(setup.sourceDescription) does not wire: \(unknown.joined(separator: ", ")); their edges are ignored\n"
      )
    }
    var decoder = ControlDecoder(setup.wiring)
    for edge in edges {
      for output in decoder.edge(line: edge.line, level: edge.value, at: edge.time) { print(json(output)) }
    }
    // A press still being debounced when the recording ends is settled; a held button does not repeat for ever.
    let settle = (setup.wiring.buttons.map(\.timing.debounce).max() ?? 0)
    for output in decoder.advance(to: (edges.last?.time ?? 0) + settle) { print(json(output)) }
  }

  static func live(_ setup: InputSetup, recordPath: String?, useGPIO: Bool, useDevices: Bool, speakOutput: String?) {
    var recordHandle: WritableFile?
    if let recordPath {
      guard let handle = try? WritableFile(path: recordPath, opening: .truncate) else {
        fail(
          "controls: cannot write the recording '\(recordPath)' (check the folder exists and is writable)", status: 1)
      }
      recordHandle = handle
    }
    let voice = speakOutput.flatMap { ControlVoice(audio: $0) }
    var recorder: (@Sendable (EdgeRecord) -> Void)?
    if let handle = recordHandle {
      recorder = { edge in try? handle.write(edge.jsonLine + "\n") }
    }
    let loop: InputLoop
    do {
      loop = try InputLoop(
        setup: setup, record: recorder,
        report: { WritableFile.standardError.print("foliotell: \($0)\n") },
        handle: { output in
          WritableFile.standardOutput.print((json(output) + "\n"))
          voice?.say(output)
        })
      try loop.start(useGPIO: useGPIO, useDevices: useDevices)
    } catch {
      fail("\(error)", status: 1)
    }
    WritableFile.standardError.print(
      "foliotell: decoding controls from \(setup.sourceDescription)\(useGPIO && !setup.wiring.lines.isEmpty ? " (GPIO lines \(setup.wiring.lines.joined(separator: ", ")) on \(setup.wiring.chip))" : "")\(useDevices ? " and the input devices in \(setup.inputDevices)" : ""); Ctrl-C ends\n"
    )
    let done = DispatchSemaphore(value: 0)
    let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number)
      source.setEventHandler { done.signal() }
      source.resume()
      return source
    }
    done.wait()
    loop.stop()
    try? recordHandle?.close()
    withExtendedLifetime(signals) {}
  }
}

/// Says each control aloud ("play, short"), a new one cutting off the last: an announcement of the same
/// espeak-ng engine the box reads with. Without a sound card, controls are only printed.
final class ControlVoice: Sendable {
  let engine: EspeakSpeechEngine

  init?(audio: String) {
    do {
      engine = try EspeakSpeechEngine(
        sink: EventFunnel<BoxEvent>(), audio: try AudioSpecification.sink(for: audio),
        options: EspeakSpeechEngine.Options())
    } catch {
      WritableFile.standardError.print("foliotell: controls are printed, not spoken: \(error)\n")
      return nil
    }
  }

  func say(_ output: ControlOutput) {
    let words: String
    switch output.action {
    case .gesture(let gesture):
      words = "\(output.control.rawValue.lowercased().replacing("_", with: " ")), \(gesture.rawValue)."
    case .turn(let steps): words = "\(steps > 0 ? "right" : "left") \(abs(steps))."
    case .pushedTurn(let steps): words = "pushed, \(steps > 0 ? "right" : "left") \(abs(steps))."
    }
    engine.announce(words, wpm: 220, voice: "en")
  }
}
