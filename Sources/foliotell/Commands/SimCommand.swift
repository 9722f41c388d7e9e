import Dispatch
import FolioTellAppliance
import FolioTellBooks
import FolioTellControls
import FolioTellCore
import FolioTellRuntime
import FolioTellSpeech
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// `foliotell sim`: the whole box on this machine: real speech into the virtual sound card (or a real one),
/// the keyboard as the controls, and, with --data-dir, places and settings kept across restarts.
enum SimCommand {
  struct Options {
    var bookPath: String?
    var wpm: Int?
    var voice: String?
    var virtualClock = false
    var tracePath: String?
    var verbose = false
    var engine = "espeak"
    var dataDirectory: String?
    var language: String?
    var narration = true
    var boxLanguage: String?
    var speech = SpeechOptions()
    var board: String?
    var controlsConfig: String?
    var display: String?
    var libraryFolders: [String] = []
    var scriptPath: String?
  }

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(for flag: String) -> String {
      guard let value = rest.popFirst() else { fail("\(flag) needs a value") }
      return value
    }
    options.speech.audio = "virtual"
    while let argument = rest.popFirst() {
      switch argument {
      case "--wpm":
        let text = value(for: argument)
        guard let wpm = Int(text), SpeechRate.limits.contains(wpm) else {
          fail("--wpm '\(text)' is not a rate from 80 to 900 words per minute")
        }
        options.wpm = wpm
      case "--voice":
        let named = value(for: argument)
        if let problem = Voices.problem(withVoice: named) { fail("--voice \(problem)") }
        options.voice = named
      case "--engine":
        options.engine = value(for: argument)
        guard ["espeak", "simulated"].contains(options.engine) else {
          fail("--engine '\(options.engine)': use 'espeak' (real speech) or 'simulated' (timed words, no synthesis)")
        }
      case "--volume", "--pitch", "--audio", "--lexicon":
        _ = options.speech.take(argument, &rest)
      case "--clock":
        switch value(for: argument) {
        case "real": options.virtualClock = false
        case "virtual": options.virtualClock = true
        case let other: fail("--clock '\(other)': use 'real' (speak in real time) or 'virtual' (as fast as possible)")
        }
      case "--trace": options.tracePath = value(for: argument)
      case "--data-dir": options.dataDirectory = value(for: argument)
      case "--language": options.language = value(for: argument)
      case "--voice-only": options.narration = false
      case "--box-language":
        let code = value(for: argument)
        guard WordTable.speaks(code) else {
          fail("--box-language '\(code)': the box speaks " + WordTable.all.map { "\($0.language) (\($0.name))" }.joined(separator: ", "))
        }
        options.boxLanguage = code
      case "--verbose", "-v": options.verbose = true
      case "--board": options.board = value(for: argument)
      case "--config": options.controlsConfig = value(for: argument)
      case "--display": options.display = value(for: argument)
      case "--library": options.libraryFolders.append(value(for: argument))
      case "--script": options.scriptPath = value(for: argument)
      case _ where argument.hasPrefix("-"): fail("sim: unknown option '\(argument)'\n\(usage)")
      default:
        guard options.bookPath == nil else { fail("sim reads one book; '\(argument)' is a second one") }
        options.bookPath = argument
      }
    }
    return options
  }

  static func warn(_ message: String) {
    WritableFile.standardError.print("foliotell: \(message)\n")
  }

  /// What the options ask of the box for this run.
  static func session(_ options: Options) -> Session {
    var session = Session()
    session.book = options.bookPath.map { .file($0) }
    let sample = Array(SampleBook.text.utf8)
    session.fallbackBook = .text(id: BookIdentity.id(forContent: sample), title: SampleBook.title, utf8: sample)
    session.wpm = options.wpm
    session.voice = options.voice
    session.language = options.language
    session.narration = options.narration
    session.boxLanguage = options.boxLanguage
    session.engine = options.engine
    session.audio = options.speech.audio
    if options.virtualClock, session.audio == "virtual" { session.audio = "null" }
    session.display = options.display
    session.dataDirectory = options.dataDirectory
    session.keepInMemory = options.dataDirectory == nil
    session.libraryFolders = options.libraryFolders.isEmpty ? [Library.defaultFolder] : options.libraryFolders
    session.tracePath = options.tracePath
    session.useControls = options.board != nil || options.controlsConfig != nil
    session.volume = options.speech.volume
    session.pitch = options.speech.pitch
    session.lexicon = options.speech.lexiconPath
    return session
  }

  static func run(_ arguments: [String]) {
    let options = parse(arguments)
    var config = ApplianceConfig()
    if options.board != nil || options.controlsConfig != nil {
      do {
        config = try ApplianceConfig.load(path: options.controlsConfig, board: options.board)
      } catch {
        fail(error.description)
      }
    }
    var script = ControlScript(steps: [])
    if let path = options.scriptPath {
      guard options.virtualClock else { fail("--script needs --clock virtual: the presses happen at virtual times") }
      var isFolder = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder {
        fail("cannot read the script '\(path)': it is a folder, not a file", status: 1)
      }
      guard let data = ReadableFile.contents(atPath: path) else {
        fail("cannot read the script '\(path)': no such file, or not readable", status: 1)
      }
      do {
        script = try ControlScript.parse(String(decoding: data, as: UTF8.self), file: path)
      } catch {
        fail(error.description)
      }
    }
    let virtualClock = options.virtualClock ? VirtualClock() : nil
    let done = DispatchSemaphore(value: 0)
    // On this machine's clock the box's sources and Ctrl-C / SIGTERM share one event loop; the signals are
    // blocked before the box makes its threads.
    var loop: EventLoop?
    if virtualClock == nil {
      do {
        let events = try EventLoop()
        try events.handle(signals: [SIGINT, SIGTERM]) { _ in done.signal() }
        loop = events
      } catch {
        fail("cannot make the event loop: \(error)", status: 1)
      }
    }
    let appliance: Appliance
    do {
      appliance = try Appliance(
        config: config, platform: virtualClock.map { .virtual($0) } ?? .desktop, session: session(options),
        loop: loop, report: warn)
    } catch {
      fail(error.description, status: error.exitStatus)
    }
    let runtime = appliance.runtime
    // The terminal display takes the screen; the words are printed otherwise.
    if options.display != "terminal" {
      let console = ConsoleView(verbose: options.verbose)
      runtime.observe { console.show($0) }
    }
    let interactive = TerminalKeys.isInteractive && virtualClock == nil
    let failure = Mutex<String?>(nil)
    runtime.observe { step in
      if let reason = step.after.playback.failure, step.before.playback.failure == nil {
        failure.withLock { $0 = reason }
        // Without a listener at the keys, a failure that stops reading ends the run.
        if !interactive { done.signal() }
      }
      if !interactive, step.after.playback.phase == .finished { done.signal() }
    }

    if let virtualClock {
      do {
        try VirtualDriver(appliance: appliance, clock: virtualClock, script: script).run()
      } catch {
        fail(error.description, status: 1)
      }
      if let reason = failure.withLock({ $0 }) { fail("speech failed: \(reason)", status: 1) }
      return
    }

    let quit: @Sendable () -> Void = { done.signal() }
    if interactive {
      print(
        "space play/pause · w where am I · s stop · n/→ next · p/← previous · N/P chapter · [ ] paragraph · r start over"
          + " · +/- speed · m menu · b back (big word) · u undo · i status · k key describer · q quit")
      TerminalKeys.enterRawMode()
      TerminalKeys.read { action in
        switch action {
        case .control(let control, let gesture): runtime.post(.control(name: control, gesture: gesture))
        case .knobPushed(let steps): runtime.post(.encoderPushed(steps: steps))
        case .quit: quit()
        }
      }
    }
    appliance.start()
    loop?.start(name: "foliotell.loop")
    done.wait()
    // Stops reading (and saves the place) before leaving.
    appliance.stop()
    loop?.stopAndWait()
    TerminalKeys.restore()
    print("")
    if let reason = failure.withLock({ $0 }) { fail("speech failed: \(reason)", status: 1) }
  }
}
