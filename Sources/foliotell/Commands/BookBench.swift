import FolioTellBooks
import FoundationEssentials
import Glibc

/// `foliotell bench books`: the time from choosing a book to its first word, and the peak memory, for a
/// 3 MB and a 30 MB text, an EPUB of 2,014 chapters and one full of MathML (made here), the old way (the
/// whole book read first) beside the new (its beginning first, the rest indexed and kept).
enum BookBench {
  static let targets = (firstWordSeconds: 0.1, memoryKiB: 40 * 1024)

  static func run(_ arguments: [String]) {
    let rounds = 3
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-books-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: work) }
    let books = makeBooks(in: work + "/made")
    print("book benchmark: each book opened \(rounds) times in a fresh process, release build; medians")
    print("  old: the whole book read before reading starts (`bench book-once`, as every book was opened before kept books)")
    print("  new: the box as `run` composes it on the paced virtual card, the book chosen in the menu (MENU, Books, PLAY):")
    print("       first open (its beginning read, the rest indexed meanwhile), then again from a place in its middle (kept)")
    var rows: [String] = []
    var speechStarts: [Double] = []
    for book in books {
      let name = URL(fileURLWithPath: book).lastPathComponent
      let old = (0..<rounds).map { _ in oldOpen(book) }
      let oldSeconds = old.map(\.seconds).sorted()[rounds / 2]
      let oldPeak = old.map(\.peakKiB).sorted()[rounds / 2]
      // The book alone in its library folder.
      let folder = work + "/library-" + name
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      _ = try? FileManager.default.linkItem(atPath: book, toPath: folder + "/" + name)
      var first: [NewOpen] = []
      var deep: [NewOpen] = []
      for round in 0..<rounds {
        let data = work + "/data-\(name)-\(round)"
        first.append(newOpen(folder, data: data, deep: false))
        deep.append(newOpen(folder, data: data, deep: true))
      }
      let speechStart = median(first.map(\.firstWordAfterReading) + deep.map(\.firstWordAfterReading))
      speechStarts.append(speechStart)
      let newFirst = median(first.map(\.ready)) + speechStart
      let newDeep = median(deep.map(\.ready)) + speechStart
      let oldFirst = oldSeconds + speechStart
      let peak = max(median(first.map(\.peakKiB)), median(deep.map(\.peakKiB)))
      let own = max(median(first.map(\.ownKiB)), median(deep.map(\.ownKiB)))
      print(
        "\(name) (\(size(book) / 1024) KiB): first word, from the choice: old \(ms(oldFirst)) (the whole book read in \(ms(oldSeconds)), peak \(mb(oldPeak)) above the start), new \(ms(newFirst)) on the first open, \(ms(newDeep)) from the middle once kept (target 100 ms: \(verdict(max(newFirst, newDeep) <= targets.firstWordSeconds))); whole book indexed \(String(printf: "%.2f s", median(first.map(\.whole)))) after the choice; peak memory of the whole process \(mb(peak)), \(mb(own)) its own (target 40 MB: \(verdict(Int(peak) <= targets.memoryKiB)))"
      )
      if !name.hasPrefix("one-sentence") {
        BenchFigure.report(
          "books", "\(name): first word after the choice (first open / from the middle, kept; old \(ms(oldFirst)))",
          measured: "\(ms(newFirst)) / \(ms(newDeep))", target: "100 ms", met: max(newFirst, newDeep) <= targets.firstWordSeconds)
        BenchFigure.report(
          "books", "\(name): peak memory of the whole process", measured: mb(peak), target: "40 MB", met: Int(peak) <= targets.memoryKiB)
      }
      rows.append("| \(name) | \(ms(oldFirst)) | \(ms(newFirst)) | \(ms(newDeep)) | \(mb(peak)) |")
    }
    print("  (first word = the book open in the box + the first word heard after reading starts, for these books \(speechStarts.map(ms).joined(separator: ", ")), measured in the same runs)")
    print("")
    print("| book | old first word | new, first open | new, from the middle, kept | peak memory |")
    print("| --- | --- | --- | --- | --- |")
    for row in rows { print(row) }
    NarrationBench.books()
  }

  struct NewOpen {
    var ready: Double
    var firstWordAfterReading: Double
    var whole: Double
    var peakKiB: Double
    var ownKiB: Double
  }

  static func newOpen(_ folder: String, data: String, deep: Bool) -> NewOpen {
    guard let line = try? BenchCommand.shell(CommandLine.arguments[0], ["bench", "book-open-once", folder, data, deep ? "deep" : "start"])
    else { fail("the box could not open \(folder) in a child process", status: 1) }
    let figures = line.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard figures.count == 5 else { fail("the child process printed '\(line)'", status: 1) }
    return NewOpen(ready: figures[0], firstWordAfterReading: figures[1], whole: figures[2], peakKiB: figures[3], ownKiB: figures[4])
  }

  static func oldOpen(_ book: String) -> (seconds: Double, peakKiB: Int) {
    guard let line = try? BenchCommand.shell(CommandLine.arguments[0], ["bench", "book-once", book]) else {
      fail("could not open \(book) in a child process", status: 1)
    }
    let figures = line.split(whereSeparator: { $0.isWhitespace }).compactMap { Double($0) }
    guard figures.count == 5 else { fail("the child process printed '\(line)'", status: 1) }
    return (figures[0], Int(figures[4] - figures[1]))
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  static func ms(_ seconds: Double) -> String { seconds.isFinite ? String(printf: "%.0f ms", seconds * 1000) : "never" }
  static func mb(_ kib: some BinaryInteger) -> String { String(printf: "%.1f MB", Double(kib) / 1024) }
  static func mb(_ kib: Double) -> String { String(printf: "%.1f MB", kib / 1024) }
  static func verdict(_ met: Bool) -> String { met ? "meets" : "misses" }

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
    // The reference: what the box costs with a book of one sentence.
    write("one-sentence.txt", Array("One sentence.\n".utf8))
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
