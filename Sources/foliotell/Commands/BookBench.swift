import FolioTellBooks
import FoundationEssentials
import Glibc

/// `foliotell bench books`: time to a ready document and peak memory for a 3 MB plain-text book and the
/// largest EPUB installed from Debian's packages, each opened in a fresh process.
enum BookBench {
  static let debianEPUBs =
    [
      "/usr/share/doc/ubuntu-packaging-guide-epub/ubuntu-packaging-guide.epub",
      "/usr/share/doc/ubuntu-packaging-guide-epub-de/ubuntu-packaging-guide.epub",
      "/usr/share/doc/ubuntu-packaging-guide-epub-ru/ubuntu-packaging-guide.epub",
    ]
    + ["ca", "de", "en", "es", "fr", "it", "ja", "pl", "pt_BR", "ro"].map {
      "/usr/share/doc/live-manual/epub/live-manual.\($0).epub"
    }

  static func run(_ arguments: [String]) {
    let rounds = 5
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-books-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // 3 MB of prose: the sample book over and over, in paragraphs.
    let text = folder.appendingPathComponent("three-megabytes.txt").path
    var prose = ""
    while prose.utf8.count < 3 << 20 { prose += SampleBook.text + "\n\n" }
    FileManager.default.createFile(atPath: text, contents: Data(prose.utf8))
    var books = [text]
    let epubs = debianEPUBs.filter { FileManager.default.fileExists(atPath: $0) }
    if let largest = epubs.max(by: { size($0) < size($1) }) {
      books.append(largest)
    } else {
      print("no EPUB from Debian's packages is installed (scripts/install-debian-packages installs them)")
    }
    print("book benchmark: each book opened \(rounds) times, each time in a fresh process (build with -c release)")
    // What opening any book costs, whatever its length (ICU's rules and data, the runtime's first use):
    // a one-sentence book shows it, so the figures below can be read as fixed cost plus the text's own.
    let tiny = folder.appendingPathComponent("one-sentence.txt").path
    FileManager.default.createFile(atPath: tiny, contents: Data("One sentence.\n".utf8))
    let fixed =
      (0..<rounds).compactMap { _ -> Int? in
        guard let line = try? BenchCommand.shell(CommandLine.arguments[0], ["bench", "book-once", tiny]) else {
          return nil
        }
        let figures = line.split(whereSeparator: { $0.isWhitespace }).compactMap { Int(Double($0) ?? 0) }
        return figures.count == 5 ? figures[2] - figures[1] : nil
      }.sorted().dropFirst(rounds / 2).first ?? 0
    print("a one-sentence book: memory \(fixed) KiB above the process's start (the fixed cost of opening any book)")
    for book in books {
      var results: [(seconds: Double, memory: Int, text: Int)] = []
      var playbackPeaks: [Int] = []
      for _ in 0..<rounds {
        guard let line = try? BenchCommand.shell(CommandLine.arguments[0], ["bench", "book-once", book]),
          let figures = Optional(line.split(whereSeparator: { $0.isWhitespace }).compactMap { Double($0) }),
          figures.count == 5
        else { fail("could not open \(book) in a child process", status: 1) }
        results.append((figures[0], Int(figures[2] - figures[1]), Int(figures[3])))
        playbackPeaks.append(Int(figures[4] - figures[1]))
      }
      let times = results.map(\.seconds).sorted()
      let memory = results.map(\.memory).sorted()[rounds / 2]
      let textKiB = results[0].text / 1024
      print(
        URL(fileURLWithPath: book).lastPathComponent
          + String(
            printf:
              " (%ld KiB file, %ld KiB of text): ready in median %.0f ms (best %.0f ms); memory %ld KiB above the process's start, %.2fx the text (%.2fx without the fixed cost) (targets for 3 MB of text: 150 ms, 3x)",
            size(book) / 1024, textKiB, times[rounds / 2] * 1000,
            times[0] * 1000, memory, Double(memory) / Double(max(textKiB, 1)),
            Double(memory - fixed) / Double(max(textKiB, 1))))
      let playback = playbackPeaks.sorted()[rounds / 2]
      print(
        String(
          printf: "  ... and opened for playback (its sentence map made too): %ld KiB above the start, %.2fx the text",
          playback, Double(playback) / Double(max(textKiB, 1))))
    }
    print(
      "ebook-speaker (Debian's reading-aloud program) was not measured: it is an interactive terminal program that starts speaking as soon as it has opened a book and reports no load time, so its opening cannot be timed apart from its speech without changing it."
    )
    NarrationBench.books()
  }

  /// The books measured, written into `folder`: their paths, in the order they are reported.
  @discardableResult
  static func makeBooks(in folder: String) -> [String] {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var paths: [String] = []
    func write(_ name: String, _ bytes: [UInt8]) {
      let path = folder + "/" + name
      FileManager.default.createFile(atPath: path, contents: Data(bytes))
      paths.append(path)
    }
    write("three-megabytes.txt", Array(BenchBookFiles.plainText(megabytes: 3).utf8))
    write("thirty-megabytes.txt", Array(BenchBookFiles.plainText(megabytes: 30).utf8))
    // As long as the largest public EPUB 3 sample (6.5 million characters in 2,014 chapters).
    write(
      "two-thousand-chapters.epub",
      BenchBookFiles.epub(title: "Two Thousand Chapters", chapters: 2014, charactersPerChapter: 3200))
    write(
      "formulas.epub",
      BenchBookFiles.epub(title: "Formulas", chapters: 120, charactersPerChapter: 8000, mathPerParagraph: 6))
    return paths
  }

  /// In the child: open one book, print seconds, resident KiB before, peak resident KiB after, text bytes.
  static func once(_ path: String) {
    // The peak so far is the start-up's (linking, the runtime): reset it (Linux: "5" to clear_refs) so
    // the peak read after opening is the opening's own.
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = status("VmRSS")
    let started = ContinuousClock.now
    do {
      let (_, document) = try BookParser.read(path: path)
      let seconds = BenchCommand.seconds(ContinuousClock.now - started)
      let ready = status("VmHWM")
      // What opening it for playback adds: the sentence map with its text.
      let map = document.sentenceMap
      let playing = status("VmHWM")
      withExtendedLifetime(map) {}
      print("\(seconds) \(before) \(ready) \(document.text.utf8.count) \(playing)")
    } catch {
      fail(error.description, status: 1)
    }
  }

  static func size(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
  }

  /// A figure from /proc/self/status, in KiB.
  static func status(_ key: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    return MemoryBench.kibibytes(key, in: text) ?? 0
  }
}
