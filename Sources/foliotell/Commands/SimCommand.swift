import Dispatch
import FolioTellBooks
import FolioTellControls
import FolioTellCore
import FolioTellInput
import FolioTellPanel
import FolioTellRuntime
import FolioTellSpeech
import FolioTellStore
import Foundation
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
    var speech = SpeechOptions()
    var board: String?
    var controlsConfig: String?
    var display: String?
    var libraryFolders: [String] = []
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
      case "--voice": options.voice = value(for: argument)
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
      case "--verbose", "-v": options.verbose = true
      case "--board": options.board = value(for: argument)
      case "--config": options.controlsConfig = value(for: argument)
      case "--display": options.display = value(for: argument)
      case "--library": options.libraryFolders.append(value(for: argument))
      case _ where argument.hasPrefix("-"): fail("sim: unknown option '\(argument)'\n\(usage)")
      default:
        guard options.bookPath == nil else { fail("sim reads one book; '\(argument)' is a second one") }
        options.bookPath = argument
      }
    }
    return options
  }

  struct LoadedBook {
    var id: String
    var book: SentenceMap
    var path: String?
    var title: String?
  }

  static func loadBook(at path: String?, language: String?) -> (LoadedBook, String?) {
    guard let path else {
      let bytes = Array(SampleBook.text.utf8)
      let book = PlainTextBook.read(bytes)
      return (
        LoadedBook(id: BookIdentity.id(forContent: bytes), book: book.sentenceMap, path: nil, title: SampleBook.title),
        nil
      )
    }
    do {
      let (id, document) = try BookReader.read(path: path, language: language)
      return (
        LoadedBook(
          id: id, book: document.sentenceMap, path: URL(fileURLWithPath: path).standardizedFileURL.path,
          title: document.title ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent),
        document.language
      )
    } catch {
      fail(error.description, status: 1)
    }
  }

  static func warn(_ message: String) {
    FileHandle.standardError.write(Data("foliotell: \(message)\n".utf8))
  }

  /// The store in `--data-dir`, or memory when there is none or it cannot be used (said once, reading goes on).
  static func openStore(_ options: Options) -> (store: any PositionStore, log: LogStore?) {
    guard let directory = options.dataDirectory else { return (InMemoryPositionStore(), nil) }
    do {
      let log = try LogStore(directory: directory)
      let recovery = log.recovery
      if recovery.truncatedBytes > 0 || recovery.damagedRecords > 0 {
        warn(
          "\(directory): repaired the place log (\(recovery.truncatedBytes) bytes of a torn last record cut off, \(recovery.damagedRecords) damaged records skipped)"
        )
      }
      return (log, log)
    } catch {
      warn("cannot keep places in \(directory): \(error); reading goes on, places are kept until the program ends")
      return (InMemoryPositionStore(), nil)
    }
  }

  static func run(_ arguments: [String]) {
    let options = parse(arguments)
    let (store, log) = openStore(options)
    // With no book named, reopen the last one read, if its file is still there.
    var path = options.bookPath
    if path == nil, let last = log?.lastOpenBook, !last.path.isEmpty, FileManager.default.fileExists(atPath: last.path)
    {
      path = last.path
    }
    let (loaded, bookLanguage) = loadBook(at: path, language: options.language)
    let saved = log?.settings
    let wpm = options.wpm ?? saved?.wpm ?? SpeechRate.normal
    let voice = options.voice ?? voice(forLanguage: bookLanguage, current: saved?.voice) ?? saved?.voice ?? "en"

    let virtualClock = options.virtualClock ? VirtualClock() : nil
    let clock: any ReaderClock = virtualClock ?? MonotonicClock()
    let scheduler: any TimerScheduler = virtualClock ?? DispatchTimerScheduler()
    let funnel = EventFunnel<ReaderEvent>()
    let engine: any SpeechEngine
    if options.engine == "espeak" && !options.virtualClock {
      do {
        let sink = try AudioSpecification.sink(for: options.speech.audio)
        engine = try EspeakSpeechEngine(sink: funnel, audio: sink, options: options.speech.engineOptions())
      } catch {
        fail("\(error)", status: 1)
      }
    } else {
      engine = SimulatedSpeechEngine(sink: funnel, scheduler: scheduler)
    }
    var initial = ReaderState()
    initial.playback = PlaybackState(wpm: wpm, voice: voice, wpmLimits: SpeechRate.limits)
    let effects = EffectHandler(speech: engine, audio: SilentAudioOutput(), store: store)
    let runtime = ReaderRuntime(funnel: funnel, initial: initial, effects: effects, clock: clock)

    if let tracePath = options.tracePath {
      do {
        let recorder = try TraceRecorder(path: tracePath)
        runtime.observe { recorder.record($0) }
      } catch {
        fail("\(error)", status: 1)
      }
    }
    let display =
      options.virtualClock
      ? nil
      : DisplayStart.pipeline(
        board: options.board, config: options.controlsConfig, spec: options.display, runtime: runtime)
    if !options.virtualClock {
      // The books the menu offers: the library folders and drives under /media, kept up to date.
      let folders = options.libraryFolders.isEmpty ? [Library.defaultFolder] : options.libraryFolders
      SimLibrary(folders: folders).start(
        runtime: runtime, effects: effects, display: display, language: options.language, voice: options.voice)
    }
    // The terminal display takes the screen; the words are printed otherwise.
    if options.display != "terminal" {
      let console = ConsoleView(verbose: options.verbose)
      runtime.observe { console.show($0) }
    }
    let done = DispatchSemaphore(value: 0)
    let interactive = TerminalKeys.isInteractive && !options.virtualClock
    let failure = Mutex<String?>(nil)
    runtime.observe { step in
      guard !interactive else { return }
      if step.after.playback.phase == .finished { done.signal() }
      // Without a listener at the keys, a failure that stops reading ends the run.
      if let reason = step.after.playback.failure, step.before.playback.failure == nil {
        failure.withLock { $0 = reason }
        done.signal()
      }
    }

    runtime.open(bookID: loaded.id, book: loaded.book, title: loaded.title, path: loaded.path)
    runtime.post(.playback(.primaryTapped))

    if let virtualClock {
      // Everything happens at once: drain after every timer so each word is handled at its own moment.
      funnel.drain()
      while runtime.snapshot.playback.phase != .finished, virtualClock.fireNext() { funnel.drain() }
      if let reason = failure.withLock({ $0 }) { fail("speech failed: \(reason)", status: 1) }
      return
    }
    tickEvery(5, scheduler: scheduler, runtime: runtime)
    let quit: @Sendable () -> Void = {
      runtime.post(.playback(.stopTapped))
      done.signal()
    }
    let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number)
      source.setEventHandler(handler: quit)
      source.resume()
      return source
    }
    if interactive {
      print("space play/pause · s stop · n/→ next · p/← previous · r start over · +/- speed · m menu · b back · q quit")
      TerminalKeys.enterRawMode()
      TerminalKeys.read { action in
        switch action {
        case .control(let control, let gesture):
          deliver(
            ControlOutput(time: 0, control: control, action: .gesture(gesture)), runtime: runtime, display: display)
        case .quit: quit()
        }
      }
    }
    let controls = startControls(options, runtime: runtime, display: display)
    funnel.start()
    done.wait()
    controls?.stop()
    display?.stop()
    // Handles the stop (and saves its place) before leaving.
    funnel.stop()
    withExtendedLifetime(signals) {}
    TerminalKeys.restore()
    print("")
    if let reason = failure.withLock({ $0 }) { fail("speech failed: \(reason)", status: 1) }
  }

  /// The voice for a book's language: the current voice when it already is one of that language (en-us for
  /// an English book), else the language's own; nil when the language is unknown or has no voice.
  static func voice(forLanguage language: String?, current: String?) -> String? {
    guard let language else { return nil }
    let voice = InfoCommand.voiceFor(language)
    if voice == "en" && !language.lowercased().hasPrefix("en") { return nil }
    if let current, current.lowercased().hasPrefix(voice.lowercased()) { return current }
    return voice
  }

  /// A decoded control (a button, the encoder, a key) goes to the root reducer, which decides what it means.
  static func deliver(_ output: ControlOutput, runtime: ReaderRuntime, display: DisplayPipeline?) {
    if let event = output.readerEvent { runtime.post(event) }
  }

  /// The board's buttons, encoder and input devices, each decoded control turned into the reducer events of
  /// the box's mode. A wiring problem is said and reading goes on with the keys that still work.
  static func startControls(_ options: Options, runtime: ReaderRuntime, display: DisplayPipeline?) -> InputLoop? {
    guard options.board != nil || options.controlsConfig != nil else { return nil }
    let setup: InputSetup
    do {
      setup = try InputSetup.load(board: options.board, config: options.controlsConfig)
    } catch {
      fail(error.description)
    }
    let report: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("foliotell: \($0)\n".utf8)) }
    let handle: @Sendable (ControlOutput) -> Void = { deliver($0, runtime: runtime, display: display) }
    let loop = InputLoop(setup: setup, report: report, handle: handle)
    do {
      try loop.start()
    } catch {
      report("\(error); going on without the GPIO controls")
      loop.stop()
      let devicesOnly = InputLoop(setup: setup, report: report, handle: handle)
      try? devicesOnly.start(useGPIO: false)
      return devicesOnly
    }
    return loop
  }

  /// The position reducer's clock tick, so a place heard long ago is saved even when no word follows.
  static func tickEvery(_ seconds: Double, scheduler: any TimerScheduler, runtime: ReaderRuntime) {
    scheduler.schedule(after: seconds) {
      runtime.post(.clockTicked)
      tickEvery(seconds, scheduler: scheduler, runtime: runtime)
    }
  }
}
