import FolioTellAppliance
import FolioTellBooks
import FolioTellCore
import FolioTellSpeech
import FolioTellStore
import FoundationEssentials
import Glibc
import Synchronization

/// `bench books`' child for the box's own opening: the box as `run` composes it on the paced virtual
/// card, with the book alone in its library; MENU, Books, PLAY on the book, as a listener chooses it.
/// Prints, in seconds and KiB: from PLAY to the book open in the box (its beginning, or the kept book),
/// from reading's start to its first word heard, to the whole book indexed, and the process's peak
/// memory, all of it and its own.
enum BookOpenBench {
  static func once(_ arguments: [String]) {
    guard arguments.count == 3 else { fail("book-open-once FOLDER DATA start|deep") }
    let (folder, data, deep) = (arguments[0], arguments[1], arguments[2] == "deep")
    if deep { keepPlaceInTheMiddle(folder: folder, data: data) }
    var config = ApplianceConfig()
    config.traceFolder = data + "/trace"
    var session = Session()
    session.greet = true
    session.useControls = false
    session.dataDirectory = data
    session.libraryFolders = [folder]
    session.audio = "virtual"
    // The trace ring as `run` keeps it: a long book must not cost its trace more than a short one.
    session.traceRing = true
    let appliance: Appliance
    do {
      appliance = try Appliance(config: config, platform: .desktop, session: session, report: { _ in })
    } catch {
      fail("\(error)", status: 1)
    }
    let runtime = appliance.runtime
    let engine = appliance.engine as? EspeakSpeechEngine
    // The moments that matter, from the box's own steps: the book open, reading started, its first word.
    let moments = Mutex<(opened: Double?, reading: Double?, word: Double?, whole: Double?)>((nil, nil, nil, nil))
    runtime.observe { step in
      let now = LatencyBench.Listening.now()
      moments.withLock { moments in
        if case .bookOpened = step.event, moments.opened == nil { moments.opened = now }
        if moments.opened != nil, moments.reading == nil,
          step.effects.contains(where: { if case .playback(.startUtterance) = $0 { return true } else { return false } })
        {
          moments.reading = now
        }
        if moments.reading != nil, moments.word == nil, case .playback(.willSpeakRange) = step.event { moments.word = now }
        if moments.opened != nil, moments.whole == nil, step.after.playback.book.isWhole, !step.after.playback.book.isEmpty {
          moments.whole = now
        }
      }
    }
    func waitFor(_ seconds: Double, _ condition: () -> Bool) {
      let end = LatencyBench.Listening.now() + seconds
      while !condition(), LatencyBench.Listening.now() < end { usleep(1000) }
    }
    func quiet() { waitFor(10) { engine?.isIdle ?? true } }
    appliance.start()
    waitFor(60) { runtime.snapshot.library.books.count == 1 }
    // The greeting said; a book reopened at power-on (the deep run's) reading.
    waitFor(10) { (engine?.isIdle ?? true) || runtime.snapshot.playback.phase.liveUtterance != nil }
    // A book the box reopened at power-on (the deep run's) is stopped first, as a listener pauses it.
    if runtime.snapshot.playback.phase.liveUtterance != nil {
      runtime.post(.control(name: .play, gesture: .short))
      quiet()
    }
    moments.withLock { $0 = (nil, nil, nil, nil) }
    runtime.post(.control(name: .menu, gesture: .short))
    quiet()
    runtime.post(.control(name: .play, gesture: .short))
    quiet()
    let chosen = LatencyBench.Listening.now()
    runtime.post(.control(name: .play, gesture: .short))
    waitFor(60) { moments.withLock { $0.word != nil && $0.whole != nil } }
    let seen = moments.withLock { $0 }
    // A little reading after it, so the memory of reading is in the peak too.
    usleep(500_000)
    appliance.stop()
    let memory = ProcessFigures.now()
    // Split into single steps: Swift 6.0.3 cannot type-check them as one expression in time.
    let never = Double.infinity
    let toOpen: Double = (seen.opened ?? never) - chosen
    let toWord: Double = (seen.word ?? never) - (seen.reading ?? never)
    let toWhole: Double = (seen.whole ?? never) - chosen
    let figures: [Double] = [toOpen, toWord, toWhole, Double(memory.peakKiB), Double(memory.anonymousKiB)]
    print(figures.map { String($0) }.joined(separator: " "))
  }

  /// The deep run: the place kept in the store is the book's middle sentence (from its kept index).
  static func keepPlaceInTheMiddle(folder: String, data: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    guard let name = names.first else { fail("no book in \(folder)", status: 1) }
    guard let id = BookParser.contentID(of: folder + "/" + name),
      let kept = KeptBook.read(data + "/" + BookKeeper.folderName + "/" + id + ".book")
    else { fail("the book in \(folder) was not kept by the first run", status: 1) }
    let middle = kept.map.count / 2
    do {
      let store = try LogStore(directory: data)
      try store.save(
        PositionSave(
          bookID: id, position: ReadingPosition(offset: kept.map.sentences[middle].start, sentence: middle),
          reason: .paused, time: 0))
    } catch {
      fail("cannot keep a place in \(data): \(error)", status: 1)
    }
  }
}
