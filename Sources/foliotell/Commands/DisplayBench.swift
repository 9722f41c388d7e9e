import FolioTellBooks
import FolioTellViews
import FolioTellDisplayPipeline
import FolioTellSystem
import FoundationEssentials
import Glibc

/// `foliotell bench display`: what following the spoken word costs the display: render time per frame,
/// bytes over I2C per frame (counted by the recording bus, each write's address and control byte
/// included), the frame rate a 400 kHz bus allows, and the share of the bus reading at 450 wpm takes.
enum DisplayBench {
  static func run(_ arguments: [String]) {
    var wpm = 450.0
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--wpm":
        guard let value = rest.popFirst().flatMap(Double.init), value > 0 else { fail("--wpm needs a rate") }
        wpm = value
      default: fail("bench display: unknown option '\(argument)'; use --wpm N")
      }
    }
    let typeface: FreeTypeFace
    do { typeface = try FreeTypeFace() } catch { fail(error.description, status: 1) }
    let views = Views(typeface: typeface)
    let document = PlainTextBook.read(Array(SampleBook.text.utf8))
    let scalars = Array(document.text.unicodeScalars)
    let bus = RecordingI2CBus()
    let panel = OLEDPanel(config: PanelConfig(), transport: bus)
    var wordUpdates: [(bytes: Int, writes: Int)] = []
    var pageTurns: [(bytes: Int, writes: Int)] = []
    var bigWords: [(bytes: Int, writes: Int)] = []
    var renderTimes: [Double] = []
    var previousPage: (sentence: Int, page: Int)?
    func show(_ frame: Frame) -> (bytes: Int, writes: Int) {
      let writesBefore = bus.writes.count
      let bytes = (try? panel.show(frame, power: .on(brightness: 0xCF))) ?? 0
      return (bytes, bus.writes.count - writesBefore)
    }
    for (index, sentence) in document.sentences.enumerated() {
      let text = String(String.UnicodeScalarView(scalars[sentence.start..<sentence.end]))
      for word in TextLayout.words(Array(text.unicodeScalars)) {
        let started = ContinuousClock.now
        let frame = views.render(.reading(sentence: text, word: word))
        renderTimes.append(BenchCommand.seconds(ContinuousClock.now - started))
        let cost = show(frame)
        // A word update is the highlight moving on the same lines; a page turn changes the lines.
        let page = (index, views.readingPage(text, word: word))
        if let previous = previousPage {
          if previous == page { wordUpdates.append(cost) } else { pageTurns.append(cost) }
        }
        previousPage = page
      }
    }
    for word in document.text.split(separator: " ").prefix(200) {
      bigWords.append(show(views.render(.bigWord(String(word)))))
    }
    panel.reset()
    let full = show(views.render(.reading(sentence: "Alice was beginning to get very tired.", word: 0..<5)))

    func bits(_ cost: (bytes: Int, writes: Int)) -> Double {
      // Each byte is 9 clocks (8 bits and the acknowledgement), each write adds a start and a stop.
      Double(cost.bytes * 9 + cost.writes * 2)
    }
    func median(_ values: [(bytes: Int, writes: Int)]) -> (bytes: Int, writes: Int) {
      values.sorted { $0.bytes < $1.bytes }[values.count / 2]
    }
    let clock = 400_000.0
    let word = median(wordUpdates)
    let turn = median(pageTurns)
    let big = median(bigWords)
    let wordsPerSecond = wpm / 60
    // Every word moves the highlight or turns the page: the mean over all of them is what the bus carries.
    let all = wordUpdates + pageTurns
    let meanBits = all.map(bits).reduce(0, +) / Double(max(all.count, 1))
    let share = meanBits * wordsPerSecond / clock
    let worstShare = bits(turn) * wordsPerSecond / clock
    let renders = renderTimes.sorted()
    print(
      "display benchmark: SSD1306 128x64 over I2C at 400 kHz, the sample book's \(renders.count) words, DejaVu Sans Bold 16 px"
    )
    print(
      String(
        printf: "render time per frame: median %.3f ms, worst %.3f ms", renders[renders.count / 2] * 1000,
        renders.last! * 1000))
    print("bytes per frame (writes' address and control bytes included):")
    print(
      "  word highlight moving (\(wordUpdates.count) frames): median \(word.bytes) bytes in \(word.writes) writes, max \(wordUpdates.map(\.bytes).max() ?? 0): \(String(printf: "%.0f", clock / bits(word))) frames/s possible"
    )
    print(
      "  page turn or new sentence (\(pageTurns.count) frames): median \(turn.bytes) bytes in \(turn.writes) writes: \(String(printf: "%.0f", clock / bits(turn))) frames/s possible"
    )
    print(
      "  big word view (\(bigWords.count) words): median \(big.bytes) bytes: \(String(printf: "%.0f", clock / bits(big))) frames/s possible"
    )
    print(
      "  full redraw after set-up: \(full.bytes) bytes in \(full.writes) writes: \(String(printf: "%.0f", clock / bits(full))) frames/s possible"
    )
    print(
      String(
        printf:
          "following the spoken word at %.0f wpm: %.1f%% of the bus, the mean of all words' frames (every word a page turn: %.1f%%; target: under 25%%)",
        wpm, share * 100, worstShare * 100))
    BenchFigure.report(
      "display", "I2C bus share following the spoken word", measured: String(printf: "%.1f%%", share * 100), target: "25%",
      met: share < 0.25)
  }
}
