import FolioTellSystem
import FoundationEssentials
import Glibc

/// `foliotell bench memory`: the resident memory of the whole box process while it reads a 3 MB book
/// aloud in real time (`foliotell read BOOK --audio virtual`, the paced sound card), sampled from
/// /proc; the peak is the kernel's own high-water mark (VmHWM). A Pi Zero 2 W has 512 MB.
enum MemoryBench {
  static let targetMegabytes = 40.0

  static func run(_ arguments: [String]) {
    var seconds = 20.0
    var book: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--seconds":
        guard let value = rest.popFirst().flatMap(Double.init), value > 0 else { fail("--seconds needs a number") }
        seconds = value
      case "--book": book = rest.popFirst() ?? { fail("--book needs a file") }()
      default: fail("bench memory takes --seconds N and --book FILE, not '\(argument)'")
      }
    }
    let folder = "/tmp/foliotell-memory-\(getpid())"
    try? Folders.make(folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    if book == nil {
      var prose = ""
      while prose.utf8.count < 3 << 20 { prose += SampleBook.text + "\n\n" }
      book = folder + "/three-megabytes.txt"
      FileManager.default.createFile(atPath: book!, contents: Data(prose.utf8))
    }
    let tiny = folder + "/one-sentence.txt"
    FileManager.default.createFile(atPath: tiny, contents: Data("One sentence, read slowly.\n".utf8))
    let size = Double(BookBench.size(book!)) / 1_048_576
    print(
      "memory benchmark: the whole process of `foliotell read BOOK --audio virtual` for \(Int(seconds)) s, resident memory from /proc"
    )
    let reference = measure(tiny, seconds: min(seconds, 5))
    let reading = measure(book!, seconds: seconds)
    print(
      "one-sentence book (the fixed cost): peak " + String(printf: "%.1f", reference.peak) + " MB")
    let verdict = reading.peak <= targetMegabytes ? "meets" : "misses"
    BenchFigure.report(
      "memory", String(printf: "peak resident memory reading a %.1f MB book", size), measured: String(printf: "%.1f MB", reading.peak),
      target: "\(Int(targetMegabytes)) MB", met: reading.peak <= targetMegabytes)
    print(
      String(printf: "%.1f MB book: peak %.1f MB resident, %.1f MB at the end", size, reading.peak, reading.last)
        + " (target: at most \(Int(targetMegabytes)) MB: \(verdict)); "
        + String(printf: "%.2fx the one-sentence book", reading.peak / max(reference.peak, 0.1)))
  }

  /// The peak (VmHWM) and the last resident size (VmRSS) in MB, after `seconds` of reading.
  static func measure(_ book: String, seconds: Double) -> (peak: Double, last: Double) {
    let pid: pid_t
    do {
      pid = try Subprocess.start(CommandLine.arguments[0], ["read", book, "--audio", "virtual"])
    } catch {
      fail("bench memory: \(error)", status: 1)
    }
    var last = 0.0
    var peak = 0.0
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while ContinuousClock.now < end {
      DetachedThread.sleep(seconds: 0.1)
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { break }
      last = kibibytes("VmRSS", in: status).map { Double($0) / 1024 } ?? last
      peak = kibibytes("VmHWM", in: status).map { Double($0) / 1024 } ?? peak
    }
    kill(pid, SIGTERM)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (peak, last)
  }

  /// The figure of a "Name:\t  1234 kB" line of /proc/PID/status, in KiB.
  static func kibibytes(_ name: String, in status: String) -> Int? {
    let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
    return line?.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
  }
}
