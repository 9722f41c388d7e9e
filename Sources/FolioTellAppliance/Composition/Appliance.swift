import Dispatch
import FolioTellBooks
import FolioTellControls
import FolioTellCore
import FolioTellViews
import FolioTellInput
import FolioTellDisplayPipeline
import FolioTellRuntime
import FolioTellSpeech
import FolioTellStore
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The whole box, built in one place from a configuration, a platform and what the command asked for.
/// `run`, `sim`, the tests and the benches all start it this way; the commands only parse options.
public final class Appliance: Sendable {
  public let runtime: BoxRuntime
  public let funnel: EventFunnel<BoxEvent>
  public let clock: any BoxClock
  public let scheduler: any TimerScheduler
  public let engine: any SpeechEngine
  /// Where the speech goes (nil with the simulated engine).
  public let sink: (any PCMSink)?
  /// The store in the data directory, when places are kept on disk.
  public let log: LogStore?
  public let recorder: TraceRecorder?
  public let ring: TraceRing?
  public let display: DisplayPipeline?
  public let config: ApplianceConfig
  /// The event loop of the box's sources (controls, library, timers); nil on the virtual platform.
  public let loop: EventLoop?
  private let ownsLoop: Bool
  private let platform: Platform
  private let session: Session
  private let report: @Sendable (String) -> Void
  private let library: LibraryService
  /// Updates from a stick (RAUC): only on the box's own image.
  private let updates: UpdateService?
  private let firstBook: OpenedBook?
  private let input = Mutex<InputLoop?>(nil)
  private let frames: VirtualFrames?
  private let amplifier: AmplifierSwitch?
  /// The OLED the config names, checked at power-on: one that does not answer is said with the greeting.
  private let panel: PanelConfig?

  struct OpenedBook: Sendable {
    var id: String
    var document: SentenceMap
    var title: String?
    var path: String?
    var language: String?
    var chapters: [ChapterMark]
    var pages: [PageMark] = []
    var notes: [Int] = []
    var paragraphs: [Int] = []
  }

  /// Builds the box. Nothing runs until `start`. A part that is missing on this machine (a display, an
  /// amplifier line, the data directory) is reported through `report` once and the box goes on without
  /// it; only what makes reading impossible (the named book, speech itself) throws.
  /// `loop`: the event loop to add the box's sources to (the daemon's, which also takes the signals);
  /// without one the box makes its own and runs it on a thread.
  public init(
    config: ApplianceConfig, platform: Platform, session: Session = Session(), loop: EventLoop? = nil,
    report: @escaping @Sendable (String) -> Void
  ) throws(ApplianceError) {
    self.config = config
    self.platform = platform
    self.session = session
    self.report = report

    // The store: the session's or the config's data directory, or memory.
    let directory = session.dataDirectory ?? (session.keepInMemory ? nil : config.dataDirectory)
    var log: LogStore?
    if let directory {
      do {
        try Folders.make(directory)
        var options = LogStore.Options()
        options.powerCut = session.powerCut
        let opened = try LogStore(directory: directory, options: options)
        let recovery = opened.recovery
        if recovery.truncatedBytes > 0 || recovery.damagedRecords > 0 {
          report(
            "\(directory): repaired the place log (\(recovery.truncatedBytes) bytes of a torn last record cut off, \(recovery.damagedRecords) damaged records skipped)"
          )
        }
        log = opened
      } catch {
        report(
          "cannot keep places in \(directory): \(error); reading goes on, but places are kept only until the program ends (choose a data folder that can be written: --data-dir, or \"dataDirectory\" in the config)"
        )
      }
    }
    self.log = log
    let store: any PositionStore = log ?? InMemoryPositionStore()

    // The book to open: the one named, else the one the store remembers (if its file is still there), else
    // the session's fallback.
    var source = session.book
    if source == nil, let last = log?.lastOpenBook, !last.path.isEmpty,
      FileManager.default.fileExists(atPath: last.path)
    {
      source = .file(last.path)
    }
    let language = session.language ?? config.language
    let keeper = directory.map { BookKeeper(folder: $0 + "/" + BookKeeper.folderName) }
    var firstBook: OpenedBook?
    // The remembered book, kept when it was last opened: at once, without reading it again.
    if session.book == nil, let last = log?.lastOpenBook, let kept = keeper?.kept(id: last.bookID, path: last.path) {
      firstBook = OpenedBook(
        id: kept.id, document: kept.map, title: kept.facts.title ?? URL(fileURLWithPath: last.path).deletingPathExtension().lastPathComponent,
        path: last.path, language: kept.facts.language, chapters: kept.chapters, pages: kept.pages, notes: kept.notes,
        paragraphs: kept.paragraphs)
    } else {
      do {
        firstBook = try Self.read(
          source ?? session.fallbackBook, language: language, readNotes: session.readNotes || config.readNotes,
          narration: session.narration && config.narration)
      } catch {
        // A named book must open; a remembered one that no longer reads is said, and the box waits for a choice.
        if session.book != nil { throw error }
        report("\(error); choose another book in the menu")
        firstBook = try? Self.read(
          session.fallbackBook, language: language, readNotes: session.readNotes || config.readNotes,
          narration: session.narration && config.narration)
      }
    }
    self.firstBook = firstBook

    let saved = log?.settings
    let wpm = session.wpm ?? saved?.wpm ?? config.wpm ?? SpeechRate.normal
    // The voice given, or the one kept; a book's language may choose another when it opens (the reducer).
    let fixedVoice = session.voice ?? config.voice
    let voice = fixedVoice ?? saved?.voice ?? "en"

    // Time: timers on the event loop, or on the virtual clock.
    switch platform {
    case .virtual(let virtualClock):
      clock = virtualClock
      scheduler = virtualClock
      self.loop = nil
      ownsLoop = false
    case .device, .desktop:
      let events: EventLoop
      do {
        events = try loop ?? EventLoop()
      } catch {
        throw .controls("cannot make the event loop: \(error)")
      }
      self.loop = events
      ownsLoop = loop == nil
      clock = MonotonicClock()
      scheduler = LoopTimerScheduler(loop: events)
    }
    let funnel = EventFunnel<BoxEvent>()
    self.funnel = funnel

    // Sound and speech.
    var amplifier: AmplifierSwitch?
    if case .device = platform, let line = config.amplifier {
      do { amplifier = try AmplifierSwitch(line) } catch { report("\(error); the amplifier stays as it is") }
    }
    var sink: (any PCMSink)?
    var faded: FadingSink?
    let engine: any SpeechEngine
    if session.engine == "simulated" {
      engine = SimulatedSpeechEngine(sink: funnel, scheduler: scheduler)
    } else {
      let audio = session.audio ?? config.audio
      do {
        let made: any PCMSink
        if case .virtual(let virtualClock) = platform {
          made = try VirtualClockSink.make(spec: audio, clock: virtualClock)
        } else {
          made = try AudioSpecification.sink(for: audio)
        }
        sink = made
        let fading = FadingSink(made)
        var options = EspeakSpeechEngine.Options()
        options.volume = session.volume ?? config.volume
        options.pitch = session.pitch ?? config.pitch
        if let path = session.lexicon ?? config.lexicon { options.lexicon = Self.lexicon(path, report: report) }
        options.gate = (made as? VirtualClockSink)?.gate
        engine = try EspeakSpeechEngine(sink: funnel, audio: fading, options: options)
        faded = fading
      } catch let error as AudioError {
        throw .speech(error.description)
      } catch {
        throw .speech("\(error)")
      }
    }
    self.sink = sink
    self.engine = engine
    self.amplifier = amplifier

    var initial = BoxState()
    initial.playback = PlaybackState(wpm: wpm, voice: voice, wpmLimits: SpeechRate.limits)
    initial.settings.voiceIsFixed = fixedVoice != nil
    // The config's language for the box's words; the listener's choice in the menu (kept) wins below.
    initial.settings.boxLanguage = config.boxLanguage ?? "en"
    initial.saying.announcesTheEnd = session.announcesTheEnd
    initial.audio = AudioPower(idleSeconds: config.audioIdleSeconds)
    initial.resume.longPauseSeconds = config.longPauseMinutes * 60
    initial.controls.knob = config.knob
    initial.controls.pushedKnob = config.pushedKnob
    // The settings kept by the store, with the rate and voice worked out above. The menu's volume is a share
    // of the config's (espeak-ng's own level); its pitch replaces the config's, which is where a new box starts.
    var kept = saved ?? Settings(pitch: config.pitch)
    kept.wpm = initial.playback.wpm
    kept.voice = voice
    if let pitch = session.pitch { kept.pitch = pitch }
    initial.savedSettings = kept
    if let language = session.boxLanguage { initial.settings.boxLanguage = LanguageForms.base(of: language) }
    engine.setPitch(kept.pitch)
    faded?.setVolume(kept.volume)
    // The display's dimming and darkness are the reducer's to time; a box without one times nothing.
    var displaySetup = config.display
    if let spec = session.display {
      do { try displaySetup.apply(commandLine: spec) } catch { throw .config(error) }
    }
    initial.display.timing = Self.hasDisplay(displaySetup, on: platform) ? displaySetup.settings.timing : nil
    let output: any AudioOutput =
      faded.map { AudioPowerOutput(sink: $0, amplifier: amplifier) } ?? SilentAudioOutput()
    let effects = EffectHandler(speech: engine, audio: output, store: store, timers: scheduler)
    let runtime = BoxRuntime(funnel: funnel, initial: initial, effects: effects, clock: clock)
    self.runtime = runtime

    // Traces: a file for this run, and the daemon's ring in the data directory.
    var recorder: TraceRecorder?
    if let path = session.tracePath {
      do { recorder = try TraceRecorder(path: path) } catch { throw .trace("\(error)") }
    }
    var ring: TraceRing?
    if session.traceRing, config.traceEnabled, let directory {
      do {
        let made = try TraceRing(
          folder: Self.traceFolder(config, dataDirectory: directory), fileBytes: config.traceFileBytes,
          files: config.traceFiles)
        ring = made
      } catch {
        report("\(error); the box goes on without its trace")
      }
    }
    self.recorder = recorder
    self.ring = ring
    for trace in [recorder, ring.map { TraceRecorder(ring: $0) }].compactMap({ $0 }) {
      runtime.observe { trace.record($0) }
    }

    // The display.
    if case .panel(let named) = displaySetup.output { panel = named } else { panel = nil }
    if case .virtual = platform {
      self.display = nil
      frames = try VirtualFrames.make(displaySetup, report: report)
    } else {
      self.display = Self.pipeline(displaySetup, clock: clock, report: report)
      frames = nil
    }

    // Updates: bundles on the drives the library watches, installed through RAUC.
    let updates: UpdateService?
    if case .device = platform, let system = UpdateSystem.installed(dataDirectory: directory, runtimeDirectory: Self.runtimeFolder()) {
      updates = UpdateService(system: system, report: report)
    } else {
      updates = nil
    }
    self.updates = updates

    // The library, and the opener behind the menu's Books.
    let folders = session.libraryFolders ?? config.bookFolders
    library = LibraryService(
      folders: folders, language: language, synchronous: platform.isVirtual,
      readNotes: session.readNotes || config.readNotes, narration: session.narration && config.narration,
      indexPath: directory.map { $0 + "/" + LibraryIndex.fileName },
      keeper: keeper, report: report,
      afterScan: { runtime in updates?.look(into: runtime) },
      lastRead: { [log] in
        log?.state.positions.mapValues { Double($0.wallTime) / 1000 } ?? [:]
      })
    let library = self.library
    let dataDirectory = directory
    effects.setSystemDescriber {
      SystemFacts(version: foliotellVersion, freeBytes: dataDirectory.flatMap(Self.freeBytes))
    }
    effects.setBookOpener { [weak runtime] bookID in
      guard let runtime else { return }
      library.open(bookID, runtime: runtime)
    }
    if let updates {
      effects.setUpdater(
        install: { [weak runtime] path in
          guard let runtime else { return }
          updates.install(path, into: runtime)
        },
        restart: { updates.restart() })
    }

    if let display { runtime.observe { display.boxChanged($0.after) } }
    if let frames { runtime.observe { frames.stepped($0) } }
  }

  /// The controls' input loop, once started (its figures are `bench controls`'s).
  public var controls: InputLoop? { input.withLock { $0 } }

  /// Opens the book, scans the library, arms the controls, starts the display and (except on the virtual
  /// platform, whose driver drains the funnel itself) the funnel's thread. `heartbeat` runs on the
  /// funnel's thread at least every `interval` seconds (systemd's watchdog).
  public func start(heartbeat: (interval: Double, action: @Sendable () -> Void)? = nil) {
    // The controls first: a wiring problem is known before the greeting, which says it.
    if let loop, session.useControls { startControls(loop) }
    if case .device = platform {
      checkSoundCard()
      checkDisplay()
    }
    // The voices first: the first book's language chooses among them.
    runtime.post(.voicesFound(Voices.choices()))
    if session.useLibrary { library.start(into: runtime) }
    if let book = firstBook {
      runtime.open(
        bookID: book.id, book: book.document, title: book.title, path: book.path, chapters: book.chapters,
        pages: book.pages, notes: book.notes, language: book.language, paragraphs: book.paragraphs)
    }
    if let carried = session.carriedOver {
      runtime.post(.reloaded(carried))
    } else if session.greet {
      runtime.post(.poweredOn)
      updates?.outcomeAtStart(into: runtime)
    } else if session.autoplay, firstBook != nil {
      runtime.post(.playback(.primaryTapped))
    }
    guard let loop else { return }
    if session.useLibrary { library.watch(runtime, loop: loop, report: report) }
    display?.start()
    funnel.start(on: loop, heartbeat: heartbeat)
    if ownsLoop { loop.start(name: "foliotell.loop") }
  }

  /// Stops reading (the place is saved) and every thread of the box; returns once the stop was handled.
  public func stop() {
    runtime.post(.shuttingDown)
    input.withLock { $0 }?.stop()
    library.stopWatching()
    display?.stop()
    if platform.isVirtual {
      funnel.drain()
    } else {
      funnel.stop()
    }
    if ownsLoop { loop?.stopAndWait() }
    // The sound card and the amplifier's line are let go, so a box started after this one can take them.
    sink?.release()
    amplifier?.close()
  }

  /// Writes what the virtual platform keeps to the end (the frames' index).
  public func finishFrames() { frames?.finish() }

  /// A decoded control from any source (buttons, knob, keys, terminal) to the root reducer.
  public func deliver(_ output: ControlOutput) {
    if let event = output.boxEvent { runtime.post(event) }
  }

  /// A sound card that cannot be opened is logged once at start (nothing can be said without it); the
  /// next sound tries it again, so a card plugged in later is used.
  private func checkSoundCard() {
    guard let sink, let rate = try? Espeak.shared().sampleRate else { return }
    do {
      try sink.begin(sampleRate: rate)
      sink.end()
      sink.release()
    } catch {
      report("\(error); the box reads as soon as the sound card is there")
    }
  }

  /// A display the config names that does not answer is said with the greeting, as well as logged; the
  /// box reads on, and draws as soon as the display answers.
  private func checkDisplay() {
    guard let panel, let problem = Doctor.panelProblem(panel) else { return }
    report("the display \(problem); reading goes on, and the display is drawn as soon as it answers")
    runtime.post(.partMissing(.display))
  }

  /// The board's and config's GPIO lines and input devices. A wiring problem is said once and reading goes
  /// on with the input devices that still work.
  private func startControls(_ events: EventLoop) {
    let setup = config.input
    let report = self.report
    let runtime = self.runtime
    let handle: @Sendable (ControlOutput) -> Void = { output in
      if let event = output.boxEvent { runtime.post(event) }
    }
    do {
      let controls = try InputLoop(setup: setup, loop: events, report: report, handle: handle)
      for fd in session.edgeStreams { controls.addEdgeStream(fd: fd) }
      do {
        try controls.start(useGPIO: session.useGPIO)
        input.withLock { $0 = controls }
        if !controls.hasControlsAtStart {
          // A box nobody can press is said, not left greeting "Press MENU" to no one.
          report("no buttons, knob or keyboard were found; a keyboard or input device plugged in is used at once")
          runtime.post(.partMissing(.controls))
        }
      } catch {
        report("\(error); going on without the GPIO controls")
        runtime.post(.partMissing(.controlsNotWorking))
        controls.stop()
        let devicesOnly = try InputLoop(setup: setup, loop: events, report: report, handle: handle)
        try? devicesOnly.start(useGPIO: false)
        input.withLock { $0 = devicesOnly }
      }
    } catch {
      report("the controls are off: \(error)")
    }
  }

  static func read(_ source: Session.Book?, language: String?, readNotes: Bool = false, narration: Bool = true)
    throws(ApplianceError)
    -> OpenedBook?
  {
    switch source {
    case nil:
      return nil
    case .text(let id, let title, let utf8):
      // The reader's language wins over the one detected in the text, and sets the sentence rules too.
      let document = PlainTextBook.read(utf8, language: language)
      return OpenedBook(
        id: id, document: document.sentenceMap, title: title, path: nil, language: document.language,
        chapters: document.chapters.map { ChapterMark(title: $0.title, start: $0.start, level: $0.level) })
    case .part(let id, let title, let book, let partLanguage):
      return OpenedBook(id: id, document: book, title: title, path: nil, language: language ?? partLanguage, chapters: [])
    case .file(let path):
      do {
        let (id, document) = try BookParser.read(
          path: path, language: language, readNotes: readNotes, narration: narration)
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return OpenedBook(
          id: id, document: document.sentenceMap,
          title: document.title ?? url.deletingPathExtension().lastPathComponent,
          path: url.path, language: document.language,
          chapters: document.chapters.map { ChapterMark(title: $0.title, start: $0.start, level: $0.level) },
          pages: document.pages, notes: document.notes,
          paragraphs: document.paragraphStarts)
      } catch {
        throw .book(error)
      }
    }
  }

  /// The runtime directory systemd gives the service (RAM, `/run/foliotell`); nil outside systemd.
  public static func runtimeFolder(_ runtimeDirectory: String? = getenv("RUNTIME_DIRECTORY").map { String(cString: $0) }) -> String? {
    guard let runtime = runtimeDirectory, let first = runtime.split(separator: ":").first, first.hasPrefix("/") else { return nil }
    return String(first)
  }

  /// The trace ring's folder: the config's, else RAM under the runtime directory systemd gives the
  /// service (a night's trace is megabytes; the card's budget is 64 KiB an hour), else the data directory.
  static func traceFolder(
    _ config: ApplianceConfig, dataDirectory: String,
    runtimeDirectory: String? = getenv("RUNTIME_DIRECTORY").map { String(cString: $0) }
  ) -> String {
    if let folder = config.traceFolder { return folder }
    if let runtime = runtimeDirectory, let first = runtime.split(separator: ":").first, first.hasPrefix("/") {
      return first + "/trace"
    }
    return dataDirectory + "/trace"
  }

  /// Bytes free for the box's data; nil when it cannot be told (errno says why).
  static func freeBytes(_ directory: String) -> Int64? {
    var stats = statvfs()
    guard statvfs(directory, &stats) == 0 else { return nil }
    return Int64(stats.f_bavail) * Int64(stats.f_frsize)
  }

  static func lexicon(_ path: String, report: @Sendable (String) -> Void) -> Lexicon {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
      report("cannot read the lexicon '\(path)': no such file, or not UTF-8 text; reading goes on without it")
      return .empty
    }
    var problems: [Lexicon.ParseError] = []
    let lexicon = Lexicon(parsing: text, problems: &problems)
    for problem in problems { report("\(path): \(problem); that line is skipped") }
    return lexicon
  }

  /// Whether a display is there to be drawn: on the virtual platform only PNG frames are.
  static func hasDisplay(_ setup: DisplaySetup, on platform: Platform) -> Bool {
    guard platform.isVirtual else { return setup.output != .none }
    if case .png = setup.output { return true }
    return false
  }

  /// The display the config and `--display` describe, on a thread of its own; nil when there is none or
  /// its font cannot be opened (said once; reading goes on).
  static func pipeline(_ setup: DisplaySetup, clock: any BoxClock, report: @escaping @Sendable (String) -> Void)
    -> DisplayPipeline?
  {
    let output: any FrameOutput
    switch setup.output {
    case .none: return nil
    case .terminal: output = TerminalOutput()
    case .png(let folder):
      do { output = try PNGFolderOutput(folder: folder) } catch {
        report("the display is off: \(error)")
        return nil
      }
    case .panel(let config):
      output = OLEDPanel(config: config, transport: ReopeningI2CBus(bus: config.bus, address: config.address))
    }
    let typeface: FreeTypeFace
    do {
      typeface = try FreeTypeFace(paths: setup.fonts)
    } catch {
      report("the display is off: \(error)")
      return nil
    }
    return DisplayPipeline(
      output: output,
      views: Views(width: setup.panel.width, height: setup.panel.height, typeface: typeface, sizes: setup.sizes),
      settings: setup.settings, now: { clock.now() }, report: report)
  }
}
