import FolioTellCore
import FolioTellRuntime
import FolioTellSpeech
import Foundation
import Synchronization

/// `foliotell sim`: the whole box on a laptop, with the simulated speech engine.
enum SimCommand {
  struct Options {
    var bookPath: String?
    var wpm = SpeechRate.normal
    var voice = "en"
    var virtualClock = false
    var tracePath: String?
    var verbose = false
    var engine = "espeak"
    var speech = SpeechOptions()
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
        guard let wpm = Int(text), SpeechLimits.wpm.contains(wpm) else {
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
      case "--verbose", "-v": options.verbose = true
      case _ where argument.hasPrefix("-"): fail("sim: unknown option '\(argument)'\n\(usage)")
      default:
        guard options.bookPath == nil else { fail("sim reads one book; '\(argument)' is a second one") }
        options.bookPath = argument
      }
    }
    return options
  }

  static func loadBook(_ options: Options) -> (id: String, book: SentenceMap) {
    var text = SampleBook.text
    var bytes = Array(text.utf8)
    if let path = options.bookPath {
      guard let data = FileManager.default.contents(atPath: path) else {
        fail("cannot open the book '\(path)': no such file, or not readable", status: 1)
      }
      guard let decoded = String(data: data, encoding: .utf8) else {
        fail("the book '\(path)' is not UTF-8 text; the simulator reads plain UTF-8 files", status: 1)
      }
      text = decoded
      bytes = Array(data)
    }
    // Feed the engine composed text, so offsets match what it reports for accented letters.
    text = text.precomposedStringWithCanonicalMapping
    let sentences = PlainTextSentences.sentences(in: text)
    guard !sentences.isEmpty else { fail("the book '\(options.bookPath ?? "")' has no text to read", status: 1) }
    do {
      return (BookIdentity.id(forContent: bytes), try SentenceMap(sentences: sentences, text: text))
    } catch {
      fail("cannot read the book: \(error)", status: 1)
    }
  }

  static func run(_ arguments: [String]) {
    let options = parse(arguments)
    let (bookID, book) = loadBook(options)
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
    let store = InMemoryPositionStore()
    var initial = ReaderState()
    initial.playback = PlaybackState(wpm: options.wpm, voice: options.voice, wpmLimits: SpeechLimits.wpm)
    let runtime = ReaderRuntime(
      funnel: funnel, initial: initial,
      effects: EffectHandler(speech: engine, audio: SilentAudioOutput(), store: store), clock: clock)

    if let path = options.tracePath {
      do {
        let recorder = try TraceRecorder(path: path)
        runtime.observe { recorder.record($0) }
      } catch {
        fail("\(error)", status: 1)
      }
    }
    let console = ConsoleView(verbose: options.verbose)
    runtime.observe { console.show($0) }
    let done = DispatchSemaphore(value: 0)
    let interactive = TerminalKeys.isInteractive && !options.virtualClock
    runtime.observe { step in
      if !interactive, step.after.playback.phase == .finished { done.signal() }
    }

    runtime.open(bookID: bookID, book: book)
    runtime.post(.playback(.primaryTapped))

    if let virtualClock {
      // Everything happens at once: drain after every timer so each word is handled at its own moment.
      funnel.drain()
      while runtime.snapshot.playback.phase != .finished, virtualClock.fireNext() { funnel.drain() }
      return
    }
    if interactive {
      print("space play/pause · s stop · n/→ next · p/← previous · r start over · +/- speed · q quit")
      TerminalKeys.enterRawMode()
      TerminalKeys.read { action in
        switch action {
        case .playback(let event): runtime.post(.playback(event))
        case .faster: runtime.post(.playback(.speedChanged(wpm: runtime.snapshot.playback.wpm + 25)))
        case .slower: runtime.post(.playback(.speedChanged(wpm: runtime.snapshot.playback.wpm - 25)))
        case .quit:
          runtime.post(.playback(.stopTapped))
          done.signal()
        }
      }
    }
    funnel.start()
    done.wait()
    funnel.stop()
    TerminalKeys.restore()
    print("")
  }
}
