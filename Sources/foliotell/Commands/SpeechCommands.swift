import Dispatch
import FolioTellAppliance
import FolioTellBooks
import FolioTellCore
import FolioTellRuntime
import FolioTellSpeech
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// Options shared by the commands that speak.
struct SpeechOptions {
  var voice = "en"
  var wpm = SpeechRate.normal
  var volume = 100
  var pitch = 50
  var audio = "default"
  var lexiconPath: String?

  /// Takes a speech option off the front of `rest` if there is one; returns false otherwise.
  mutating func take(_ flag: String, _ rest: inout ArraySlice<String>) -> Bool {
    func value() -> String {
      guard let value = rest.popFirst() else { fail("\(flag) needs a value") }
      return value
    }
    func number(_ range: ClosedRange<Int>, _ what: String) -> Int {
      let text = value()
      guard let number = Int(text), range.contains(number) else {
        fail("\(flag) '\(text)' is not \(what) from \(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }
    switch flag {
    case "--voice":
      let named = value()
      if let problem = Voices.problem(withVoice: named) { fail("--voice \(problem)") }
      voice = named
    case "--wpm": wpm = number(SpeechRate.limits, "a rate in words per minute")
    case "--volume": volume = number(0...200, "a volume (100 is normal)")
    case "--pitch": pitch = number(0...100, "a pitch (50 is normal)")
    case "--audio": audio = value()
    case "--lexicon": lexiconPath = value()
    default: return false
    }
    return true
  }

  func lexicon() -> Lexicon {
    guard let path = lexiconPath else { return .empty }
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
      fail("cannot read the lexicon '\(path)': no such file, or not UTF-8 text", status: 1)
    }
    var problems: [Lexicon.ParseError] = []
    let lexicon = Lexicon(parsing: text, problems: &problems)
    for problem in problems {
      WritableFile.standardError.print("foliotell: \(path): \(problem); that line is skipped\n")
    }
    return lexicon
  }

  func engineOptions() -> EspeakSpeechEngine.Options {
    var options = EspeakSpeechEngine.Options()
    options.volume = volume
    options.pitch = pitch
    options.lexicon = lexicon()
    return options
  }
}

enum SpeechCommands {
  /// Speaks a whole book through the box (the same composition as `run` and `sim`, without library,
  /// controls or store), from its first sentence to its end; exits on failure.
  static func speak(
    _ book: Session.Book, language: String? = nil, readNotes: Bool = false, narration: Bool = true,
    options: SpeechOptions, voiceGiven: Bool,
    echo: Bool, numbering: ConsoleView.Numbering? = nil
  ) {
    var session = Session()
    session.book = book
    session.language = language
    session.readNotes = readNotes
    session.narration = narration
    session.wpm = options.wpm
    session.voice = voiceGiven ? options.voice : nil
    session.volume = options.volume
    session.pitch = options.pitch
    session.lexicon = options.lexiconPath
    session.audio = options.audio
    session.keepInMemory = true
    session.useLibrary = false
    session.useControls = false
    session.announcesTheEnd = false
    let appliance: Appliance
    do {
      appliance = try Appliance(config: ApplianceConfig(), platform: .desktop, session: session) { message in
        WritableFile.standardError.print("foliotell: \(message)\n")
      }
    } catch {
      fail(error.description, status: error.exitStatus)
    }
    let done = DispatchSemaphore(value: 0)
    let failure = Mutex<String?>(nil)
    let console = ConsoleView(verbose: false, numbering: numbering)
    // A render to a file shows how far it has come on a terminal (standard error); the words are then
    // printed only where they would not run through that line (standard output not the same terminal).
    let progress = Mutex<RenderProgress?>(nil)
    if options.audio.hasPrefix("wav:"), isatty(STDERR_FILENO) == 1 {
      let file = options.audio.dropFirst(4).split(separator: "/").last.map(String.init) ?? "audio"
      progress.withLock { $0 = RenderProgress(label: file) }
    }
    let printWords = echo && (progress.withLock { $0 == nil } || isatty(STDOUT_FILENO) != 1)
    let started = ContinuousClock.now
    @Sendable func elapsed() -> Double {
      let duration = ContinuousClock.now - started
      return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
    appliance.runtime.observe { step in
      if printWords { console.show(step) }
      let playback = step.after.playback
      if let word = playback.word, word != step.before.playback.word,
        let line = progress.withLock({ $0?.update(done: word.end, total: playback.book.endOffset, elapsed: elapsed()) })
      {
        WritableFile.standardError.print(line)
      }
      if playback.phase == .finished { done.signal() }
      if let reason = playback.failure, step.before.playback.failure == nil {
        failure.withLock { $0 = reason }
        done.signal()
      }
    }
    appliance.start()
    done.wait()
    appliance.stop()
    if let line = progress.withLock({ $0?.finish(elapsed: elapsed()) }) { WritableFile.standardError.print(line) }
    if let reason = failure.withLock({ $0 }) { fail(reason, status: 1) }
  }

  /// Text given on the command line, as a book of the program's own.
  static func textBook(_ text: String, title: String) -> Session.Book {
    let bytes = Array(text.utf8)
    guard !book(fromText: text).isEmpty else { fail("there is nothing to say: the text is empty") }
    return .text(id: BookIdentity.id(forContent: bytes), title: title, utf8: bytes)
  }

  static func book(fromText text: String) -> SentenceMap {
    // The same reading as a plain-text book: composed text, paragraphs, ICU sentences.
    let book = PlainTextBook.read(Array(text.utf8)).sentenceMap
    guard !book.isEmpty else { fail("there is nothing to say: the text is empty") }
    return book
  }

  static func say(_ arguments: [String]) {
    var options = SpeechOptions()
    var words: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if options.take(argument, &rest) { continue }
      if argument.hasPrefix("--") { fail("say: unknown option '\(argument)'") }
      words.append(argument)
    }
    guard !words.isEmpty else { fail("say needs the text to speak: foliotell say \"Hello there.\"") }
    // Said in the voice asked for, or the default one: the text has no language of its own.
    speak(textBook(words.joined(separator: " "), title: "say"), options: options, voiceGiven: true, echo: false)
  }

  static func read(_ arguments: [String]) {
    var options = SpeechOptions()
    var path: String?
    var first: Int?
    var last: Int?
    var language: String?
    var readNotes = false
    var narration = true
    var rest = arguments[...]
    let voiceGiven = arguments.contains("--voice")
    func sentenceNumber(_ flag: String) -> Int {
      guard let text = rest.popFirst(), let number = Int(text), number >= 1 else {
        fail("\(flag) needs a sentence number, counting from 1")
      }
      return number
    }
    while let argument = rest.popFirst() {
      if options.take(argument, &rest) { continue }
      switch argument {
      case "--from": first = sentenceNumber(argument)
      case "--to": last = sentenceNumber(argument)
      case "--language":
        guard let value = rest.popFirst(), !value.isEmpty else { fail("--language needs a code, like en or de") }
        language = value
      case "--notes": readNotes = true
      case "--voice-only": narration = false
      case _ where argument.hasPrefix("--"): fail("read: unknown option '\(argument)'")
      default:
        guard path == nil else { fail("read takes one book; '\(argument)' is a second one") }
        path = argument
      }
    }
    guard let path else { fail("read needs a book: foliotell read BOOK.txt --audio wav:out.wav") }
    if let first, let last, first > last {
      fail("--from \(first) is after --to \(last): give the first sentence to read, then the last")
    }
    guard first != nil || last != nil else {
      return speak(
        .file(path), language: language, readNotes: readNotes, narration: narration, options: options,
        voiceGiven: voiceGiven, echo: true)
    }
    let document: BookDocument
    do {
      document = try BookParser.read(path: path, language: language, readNotes: readNotes, narration: narration).document
    } catch {
      fail(error.description, status: 1)
    }
    if !voiceGiven { options.voice = Voices.voice(forLanguage: document.language) }
    let whole = document.sentenceMap
    let from = (first ?? 1) - 1
    // --to past the end reads to the end.
    let to = min(last ?? whole.count, whole.count)
    guard !whole.isEmpty else { fail("'\(path)' has no text to read", status: 1) }
    guard from < whole.count else { fail("--from \(from + 1): the book has only \(sentences(whole.count))") }
    // A talking book's part keeps its narration: its phrases, as the book has them.
    if whole.isNarrated {
      let id = BookIdentity.id(forContent: Array("\(path):\(from)-\(to)".utf8))
      return speak(
        .part(id: id, title: document.title ?? path, book: whole.part(from..<to), language: document.language),
        options: options, voiceGiven: true, echo: true, numbering: ConsoleView.Numbering(first: from, total: whole.count))
    }
    let scalars = whole.scalars[whole.sentences[from].start..<whole.sentences[to - 1].end]
    let part = String(String.UnicodeScalarView(scalars))
    // The part is read as a book of its own; its sentences keep the book's numbers when they are found
    // again the same (they are, but for a break that depended on the text around it).
    let numbering: ConsoleView.Numbering? =
      book(fromText: part).count == to - from ? ConsoleView.Numbering(first: from, total: whole.count) : nil
    speak(
      textBook(part, title: document.title ?? path), options: options, voiceGiven: true, echo: true,
      numbering: numbering)
  }

  static func voices(_ arguments: [String]) {
    guard arguments.isEmpty else { fail("voices takes no arguments") }
    do {
      let voices = try Espeak.shared().voices()
      let rows =
        [("identifier", "languages", "name")]
        + voices.map { ($0.identifier, $0.languages.joined(separator: ","), $0.name) }
      let first = rows.map(\.0.count).max() ?? 0
      let second = rows.map(\.1.count).max() ?? 0
      for row in rows {
        print(
          row.0 + String(repeating: " ", count: first + 2 - row.0.count) + row.1
            + String(repeating: " ", count: second + 2 - row.1.count) + row.2)
      }
    } catch {
      fail(error.description, status: 1)
    }
  }
}
