import FolioTellCore
import FolioTellRuntime
import FolioTellStore
import FolioTellSystem
import FoundationEssentials
import Glibc

/// `foliotell bench store`: an hour of continuous listening with the real save policy and the real
/// store on this disk, next to the naive way (rewrite a JSON file at every sentence).
enum StoreBench {
  static func run(_ arguments: [String]) {
    var minutes = 60
    var wpm = 175
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--minutes":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          fail("--minutes needs a positive number")
        }
        minutes = value
      case "--wpm":
        guard let value = rest.popFirst().flatMap(Int.init), SpeechRate.limits.contains(value) else {
          fail("--wpm needs a rate from 80 to 900")
        }
        wpm = value
      default: fail("bench store: unknown option '\(argument)'")
      }
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-store-bench-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let words = minutes * wpm
    // Sentences of 8 to 30 words, 17 on average, as in ordinary prose.
    let sentenceLengths = [8, 12, 17, 22, 30, 15, 10, 25, 14, 17]
    var sentenceOfWord: [Int] = []
    var sentence = 0
    while sentenceOfWord.count < words {
      sentenceOfWord += Array(repeating: sentence, count: sentenceLengths[sentence % sentenceLengths.count])
      sentence += 1
    }
    print(
      "store benchmark: \(minutes) min of continuous listening at \(wpm) wpm, \(words) words, \(sentenceOfWord[words - 1] + 1) sentences, on \(folder)"
    )

    // The box: the real PlaybackPosition policy deciding, the real LogStore writing.
    let store: LogStore
    do {
      store = try LogStore(directory: folder + "/box")
    } catch {
      fail("\(error)", status: 1)
    }
    var state = PlaybackPositionReducer.reduce(
      PositionState(), .bookOpened(bookID: "cbf29ce484222325", saved: nil, at: 0)
    ).0
    var saveTimes: [Double] = [0]
    var nextTick = 5.0
    let secondsPerWord = 60 / Double(wpm)
    let started = ContinuousClock.now
    for word in 0..<words {
      let time = Double(word + 1) * secondsPerWord
      var events: [PositionEvent] = [
        .heard(ReadingPosition(offset: word * 6, sentence: sentenceOfWord[word]), at: time)
      ]
      if time >= nextTick {
        events.append(.clockTicked(at: time))
        nextTick += 5
      }
      for event in events {
        let (next, save) = PlaybackPositionReducer.reduce(state, event)
        state = next
        if let save {
          do { try store.save(save) } catch { fail("\(error)", status: 1) }
          saveTimes.append(time)
        }
      }
    }
    let boxSeconds = BenchCommand.seconds(ContinuousClock.now - started)
    let end = Double(words) * secondsPerWord
    let worstLoss = zip(saveTimes.dropFirst() + [end], saveTimes).map { $0 - $1 }.max() ?? 0

    // The naive way: the whole state as JSON, rewritten in place and fsynced at every sentence.
    let naivePath = folder + "/naive.json"
    var naiveBytes = 0
    var naiveWrites = 0
    var naiveLargest = 0
    var naiveSyncs = 0
    let naiveStarted = ContinuousClock.now
    for word in 0..<words where word == 0 || sentenceOfWord[word] != sentenceOfWord[word - 1] {
      let json = """
        {"book": "cbf29ce484222325", "offset": \(word * 6), "sentence": \(sentenceOfWord[word]), "wpm": \(wpm), "voice": "en", "time": \(Int(Date().timeIntervalSince1970 * 1000))}

        """
      let bytes = Array(json.utf8)
      let descriptor = open(naivePath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { fail("cannot write \(naivePath): \(String(cString: strerror(errno)))", status: 1) }
      _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      fsync(descriptor)
      close(descriptor)
      naiveBytes += bytes.count
      naiveWrites += 1
      naiveLargest = max(naiveLargest, bytes.count)
      naiveSyncs += 1
    }
    let naiveSeconds = BenchCommand.seconds(ContinuousClock.now - naiveStarted)

    let stats = store.stats
    print(
      "box (append-only log): \(stats.bytesWritten) bytes written in \(stats.writes) writes, \(stats.fsyncs) fsyncs, largest write \(stats.largestWrite) bytes, \(String(printf: "%.2f", boxSeconds)) s (targets: at most 65536 bytes and 150 fsyncs)"
    )
    BenchFigure.report(
      "store", "bytes written for an hour of reading", measured: "\(stats.bytesWritten) bytes", target: "65536 bytes",
      met: stats.bytesWritten <= 65536)
    BenchFigure.report("store", "fsyncs for an hour of reading", measured: "\(stats.fsyncs)", target: "150", met: stats.fsyncs <= 150)
    print(
      "naive (JSON rewritten at every sentence): \(naiveBytes) bytes written in \(naiveWrites) writes, \(naiveSyncs) fsyncs, largest write \(naiveLargest) bytes, \(String(printf: "%.2f", naiveSeconds)) s"
    )
    print(
      String(
        printf: "box / naive: bytes %.2f, fsyncs %.2f, writes %.2f",
        Double(stats.bytesWritten) / Double(max(naiveBytes, 1)),
        Double(stats.fsyncs) / Double(max(naiveSyncs, 1)), Double(stats.writes) / Double(max(naiveWrites, 1))))
    print(
      String(
        printf: "most listening lost on a power cut: %.1f s (target: at most 30 s); saves: %ld", worstLoss,
        saveTimes.count - 1))
    BenchFigure.report(
      "store", "listening lost on a power cut (worst)", measured: String(printf: "%.1f s", worstLoss), target: "30 s",
      met: worstLoss <= 30)
    print("(each rewrite costs the flash a whole erase block, typically 4 MiB on an SD card, whatever its size)")
  }
}
