import FolioTellAppliance
import FolioTellCore
import FolioTellSpeech
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// `foliotell bench library`: a library of thousands of small books (made here), and the box as `run`
/// composes it on the paced virtual card, in a fresh process each time: power-on to the greeting's first
/// sound (with no index, then with the index the first run kept), the Books page's first item, a letter
/// jump, the scan, memory, and a book added to and removed from the folder while the box runs.
enum LibraryBench {
  static let targets = (booksPage: 0.2, memoryKiB: 40 * 1024, change: 2.0)

  static func run(_ arguments: [String]) {
    var count = 5000
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--books":
        guard let value = rest.popFirst().flatMap(Int.init), (1...100_000).contains(value) else {
          fail("--books needs a number of books from 1 to 100000")
        }
        count = value
      default: fail("bench library: unknown option '\(argument)'; use --books N")
      }
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-library-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: work) }
    let folder = work + "/books"
    do { try makeBooks(count, in: folder) } catch { fail("cannot make the books in \(folder): \(error)", status: 1) }
    print("library benchmark: \(count) books of text made here, the box as run composes it on the paced virtual card, each run a fresh process (build with -c release)")
    for (name, round) in [("no index yet (a new stick)", 1), ("with the index kept by the first run", 2)] {
      let line: String
      do {
        line = try BenchCommand.shell(CommandLine.arguments[0], ["bench", "library-once", folder, work + "/data", String(count)])
      } catch {
        fail("the box could not run in a child process: \(error)", status: 1)
      }
      let figures = line.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
      guard figures.count == 9 else { fail("the child process printed '\(line)'", status: 1) }
      print("\(round). \(name):")
      print("   power-on to the greeting's first sound: \(ms(figures[0])) (the library is not waited for)")
      print("   all \(count) books listed after \(seconds(figures[3])) from power-on")
      BenchFigure.report(
        "library", "Books page's first item, \(count) books, \(name)", measured: ms(figures[1]), target: "200 ms",
        met: figures[1] <= targets.booksPage)
      BenchFigure.report(
        "library", "peak memory, \(count) books, \(name)", measured: mib(figures[4]), target: "40 MB",
        met: Int(figures[4]) <= targets.memoryKiB)
      BenchFigure.report(
        "library", "a book added or removed appears or goes, \(name)", measured: seconds(max(figures[6], figures[7])),
        target: "2 s", met: max(figures[6], figures[7]) <= targets.change)
      print("   MENU, then Books: its first item heard \(ms(figures[1])) after PLAY, median of 5 (target 200 ms: \(verdict(figures[1] <= targets.booksPage)))")
      print("   the knob pushed in and turned: the next letter heard \(ms(figures[2])) after the turn, median of 5")
      print(
        "   resident memory: at most \(mib(figures[4])), \(mib(figures[5])) at the end, of which \(mib(figures[8])) its own (heap, stacks), the rest mapped libraries and voice data (target 40 MB: \(verdict(Int(figures[4]) <= targets.memoryKiB)))")
      print(
        "   a book copied into the folder listed after \(seconds(figures[6])), deleted: gone after \(seconds(figures[7])) (target 2 s: \(verdict(max(figures[6], figures[7]) <= targets.change)))")
    }
  }

  /// One run, in this fresh process: prints the figures as one line of numbers (seconds and KiB).
  static func once(_ arguments: [String]) {
    guard arguments.count == 3, let count = Int(arguments[2]) else { fail("library-once FOLDER DATA COUNT") }
    let folder = arguments[0]
    var config = ApplianceConfig()
    config.traceFolder = arguments[1] + "/trace"
    var session = Session()
    session.greet = true
    session.traceRing = true
    session.useControls = false
    session.dataDirectory = arguments[1]
    session.libraryFolders = [folder]
    session.audio = "virtual"
    let appliance: Appliance
    do {
      appliance = try Appliance(config: config, platform: .desktop, session: session, report: { _ in })
    } catch {
      fail("\(error)", status: 1)
    }
    guard let card = appliance.sink as? AlsaSink else { fail("the paced virtual card did not open", status: 1) }
    let listening = LatencyBench.Listening(card: card)
    let runtime = appliance.runtime
    let engine = appliance.engine as? EspeakSpeechEngine
    func quiet() { waitFor(10) { _ in engine?.isIdle ?? true } }
    func waitFor(_ seconds: Double, _ condition: (BoxState) -> Bool) {
      let end = LatencyBench.Listening.now() + seconds
      while !condition(runtime.snapshot), LatencyBench.Listening.now() < end { usleep(1000) }
    }
    func heard(after event: BoxEvent) -> Double {
      listening.mark()
      runtime.post(event)
      return listening.measure(limit: 5)?.sound ?? .infinity
    }

    // When the whole library was first listed, from the box's own steps.
    let listedAt = Mutex<Double?>(nil)
    runtime.observe { step in
      if step.after.library.books.count >= count, listedAt.withLock({ $0 == nil }) {
        let age = processAge()
        listedAt.withLock { $0 = age }
      }
    }
    let startedAt = processAge()
    listening.mark()
    appliance.start()
    let greeting = startedAt + (listening.measure(limit: 10)?.sound ?? .infinity)
    quiet()
    waitFor(600) { $0.library.books.count >= count }
    let listed = listedAt.withLock { $0 } ?? .infinity
    // The greeting's question is answered: MENU, then Books (the first item of the main page), then the
    // knob pushed in; five times, out of the menu in between, and the median kept.
    var booksPages: [Double] = []
    var letters: [Double] = []
    for _ in 0..<5 {
      _ = heard(after: .control(name: .menu, gesture: .short))
      quiet()
      booksPages.append(heard(after: .control(name: .play, gesture: .short)))
      quiet()
      letters.append(heard(after: .encoderPushed(steps: 1)))
      quiet()
      for _ in 0..<2 {
        runtime.post(.control(name: .back, gesture: .short))
        quiet()
      }
      waitFor(5) { $0.menu == nil }
    }
    let booksPage = median(booksPages)
    let letter = median(letters)
    let title = "Added While Running"
    let added = folder + "/\(title).txt"
    var start = LatencyBench.Listening.now()
    do { try write(title, "A book copied onto the stick while the box runs.", to: added) } catch {
      fail("cannot add a book to \(folder): \(error)", status: 1)
    }
    waitFor(30) { $0.library.books.contains { $0.title == title } }
    let addedAfter = LatencyBench.Listening.now() - start
    start = LatencyBench.Listening.now()
    unlink(added)
    waitFor(30) { !$0.library.books.contains { $0.title == title } }
    let removedAfter = LatencyBench.Listening.now() - start
    appliance.stop()
    let memory = ProcessFigures.now()
    print(
      [greeting, booksPage, letter, listed, Double(memory.peakKiB), Double(memory.residentKiB), addedAfter, removedAfter, Double(memory.anonymousKiB)]
        .map { String($0) }.joined(separator: " "))
  }

  /// Books with titles from a seeded list of words, so every letter has its share; a few sentences each.
  static func makeBooks(_ count: Int, in folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let words = [
      "amber", "bridge", "candle", "distant", "evening", "falcon", "garden", "harbour", "island", "journey", "keeper",
      "lantern", "meadow", "night", "orchard", "pilgrim", "quiet", "river", "silver", "tower", "umber", "valley",
      "winter", "xenial", "yonder", "zephyr",
    ]
    var random = SeededRandom(seed: 5000)
    for number in 0..<count {
      let first = words.randomElement(using: &random)!
      let second = words.randomElement(using: &random)!
      let title = first.prefix(1).uppercased() + first.dropFirst() + " " + second.prefix(1).uppercased() + second.dropFirst() + " \(number)"
      let text = "The \(first) and the \(second) met at the \(words.randomElement(using: &random)!). They talked until morning."
      // A text file's title is its name.
      try write(title, text, to: folder + "/\(title).txt")
    }
  }

  static func write(_ title: String, _ text: String, to path: String) throws {
    let file = try WritableFile(path: path, opening: .truncate)
    try file.write(title + "\n\n" + text + "\n")
    try file.close()
  }

  /// Seconds since this process began (the kernel's start time, to its 10 ms tick).
  static func processAge() -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 20,
      let ticks = Double(fields[19])
    else { return 0 }
    var now = timespec()
    clock_gettime(CLOCK_BOOTTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }


  /// The middle of what was measured (a press not heard within its limit counts as never).
  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

  static func ms(_ seconds: Double) -> String { seconds.isFinite ? String(printf: "%.0f ms", seconds * 1000) : "not heard" }
  static func seconds(_ value: Double) -> String { value.isFinite ? String(printf: "%.2f s", value) : "never" }
  static func mib(_ kib: Double) -> String { String(printf: "%.1f MB", kib / 1024) }
  static func verdict(_ met: Bool) -> String { met ? "meets" : "misses" }
}
