import FolioTellCore
import FolioTellRuntime
import FolioTellStore
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// A night of reading on the virtual clock: the box as `run` composes it (real espeak-ng, the real store
/// and trace ring in a data directory), a seeded listener pressing, and power cuts at random moments.
/// Half the cuts kill the box where it stands (nothing more is handled, saved or traced); the other half
/// tear the store's next write at a random byte. After every cut the box is built again on the same data
/// directory, and what it resumes is checked against where the listener was.
public final class SoakNight {
  public struct Plan: Sendable {
    public var hours = 8.0
    public var seed: UInt64 = 1
    public var cuts = 100
    public var pressesPerHour = 1250.0
    /// The data directory and the books: made by the caller, emptied by nobody.
    public var dataDirectory: String
    public var bookFolder: String
    public var config = ApplianceConfig()

    public init(dataDirectory: String, bookFolder: String) {
      self.dataDirectory = dataDirectory
      self.bookFolder = bookFolder
    }
  }

  public enum CutKind: String, Sendable {
    case kill = "a kill", tornWrite = "a torn write", end = "the shutdown at the night's end"
  }

  /// Where the listener was at a moment: the book, the place (moved by jumps too), the last word heard
  /// in it, and the rate it was heard at.
  struct Place: Sendable {
    var bookID: String
    var offset: Int
    var heard: Int?
    var wpm: Int
    var text: BookText
  }

  /// The place at a cut, with the word starts around it: the night keeps these few, not the book's text,
  /// whose box is gone (a copy kept would be measured as the next box's memory).
  struct PlaceAtCut: Sendable {
    var bookID: String
    var offset: Int
    var heard: Int?
    var wpm: Int
    var wordStarts: [Int]
    var window: Range<Int>

    /// Scalars each side of the place whose words are counted: more than a minute of listening at the
    /// fastest rate, so a resume outside them breaks the 30 s promise whatever the count.
    static let reach = 8000

    init(_ place: Place) {
      bookID = place.bookID
      offset = place.offset
      heard = place.heard
      wpm = place.wpm
      let low = max(0, min(place.offset, place.heard ?? place.offset) - Self.reach)
      let high = min(place.text.count, max(place.offset, place.heard ?? place.offset) + Self.reach)
      window = low..<max(low, high)
      var starts: [Int] = []
      var inWord = low > 0 && !place.text[low - 1].properties.isWhitespace
      var index = low
      for scalar in place.text[window] {
        let space = scalar.properties.isWhitespace
        if !space, !inWord { starts.append(index) }
        inWord = !space
        index += 1
      }
      wordStarts = starts
    }

    /// The words that start in `from..<to`; more than any count in the window when it reaches outside.
    func words(from: Int, to: Int) -> Int {
      guard from < to else { return 0 }
      guard window.lowerBound <= from, to <= window.upperBound else { return Int(Int32.max) }
      return wordStarts.filter { $0 >= from && $0 < to }.count
    }
  }

  let plan: Plan
  private let report: @Sendable (String) -> Void
  private var random: SeededRandom
  private var listener: SoakListener
  public let figures = SoakFigures()

  public init(plan: Plan, report: @escaping @Sendable (String) -> Void) {
    self.plan = plan
    self.report = report
    random = SeededRandom(seed: plan.seed)
    listener = SoakListener(seed: plan.seed &+ 1, pressesPerHour: plan.pressesPerHour)
    figures.seed = plan.seed
    figures.hours = plan.hours
  }

  /// The cuts of the night, in order: a random moment and kind each, half of each kind, then the end.
  func schedule() -> [(time: Double, kind: CutKind)] {
    let end = plan.hours * 3600
    var kinds = (0..<plan.cuts).map { $0 % 2 == 0 ? CutKind.kill : .tornWrite }
    kinds.shuffle(using: &random)
    let times = (0..<plan.cuts).map { _ in Double.random(in: 30..<max(end - 30, 31), using: &random) }.sorted()
    return zip(times, kinds).map { (time: $0, kind: $1) } + [(time: end, kind: .end)]
  }

  /// Plays the night; the figures and every breach are in `figures`.
  public func run() throws {
    let end = plan.hours * 3600
    var now = 0.0
    var nextPress = listener.nextPress(after: 10)
    var place: PlaceAtCut?
    var previousCut = CutKind.end
    let start = ProcessFigures.now()
    var nextSample = 0.0
    // Eight samples in every eighth of the night at least, every five minutes at most.
    let sampleInterval = min(300, end / 64)
    figures.startedWriting = start.bytesWritten
    for cut in schedule() {
      let box = try SoakBox(plan: plan, startingAt: now, report: report)
      box.driver.press([])
      if let checked = place { figures.resumed(check(checked, in: box), after: previousCut, at: now) }
      var armed = false
      segment: while true {
        // Once a torn write is armed the night plays on until the store writes (or half an hour has passed).
        let cutMoment = armed ? cut.time + 1800 : cut.time
        let target = min(nextPress, cutMoment, nextSample)
        box.driver.play(until: target, limit: end, while: { !box.powerCut.hasHappened })
        now = box.clock.now()
        if box.powerCut.hasHappened { break segment }
        if now >= nextSample {
          // Freed heap is handed back first, so what is measured is what the box holds, not a passing peak.
          Heap.trim()
          figures.sample(at: now, ProcessFigures.now(), traceBytes: box.traceBytes, traceLimit: box.traceLimit)
          nextSample += sampleInterval
        }
        if now >= cut.time {
          switch cut.kind {
          case .kill, .end: break segment
          case .tornWrite where !armed:
            box.powerCut.arm(keeping: Double.random(in: 0..<1, using: &random))
            armed = true
          case .tornWrite where now > cut.time + 1800:
            // Nothing was written for half an hour (the box stopped, nobody pressed): the plug is pulled anyway.
            break segment
          case .tornWrite: break
          }
        }
        if now >= nextPress {
          box.driver.press([listener.press(in: box.runtime.snapshot)])
          figures.presses += 1
          figures.visit(box.runtime.snapshot)
          nextPress = listener.nextPress(after: now)
        }
        if now >= end { break segment }
      }
      place = box.place.map(PlaceAtCut.init) ?? place
      previousCut = cut.kind
      figures.brokenInvariants += box.takeProblems()
      figures.bookSwitches = listener.bookSwitches
      figures.eventsChecked += box.events
      if cut.kind == .end {
        box.shutDown()
      } else {
        box.driver.cutPower()
        // A torn write that never came (nothing written for half an hour) was a plain cut, counted as a kill.
        if let kept = box.powerCut.bytesKept {
          figures.tornBytes.append(kept)
          figures.cuts[.tornWrite, default: 0] += 1
        } else {
          figures.cuts[.kill, default: 0] += 1
        }
      }
      figures.storeBytes += box.storeBytes
      figures.traceWritten += box.traceWritten
      figures.traceIsOnTheCard = box.traceIsOnTheCard
    }
    // The end of the night is a shutdown; the box built after it must resume exactly there.
    let last = try SoakBox(plan: plan, startingAt: now, report: report)
    last.driver.press([])
    if let place { figures.resumed(check(place, in: last), after: .end, at: now) }
    last.driver.cutPower()
    figures.brokenInvariants += last.takeProblems()
    figures.finish(ProcessFigures.now(), at: now)
  }

  /// How much listening lies between where the listener was and where the box built again resumes, in
  /// seconds at the listener's rate: positive when it resumes before both the last word heard and the
  /// place (listening lost), negative when it resumes past both (a place never chosen). Between the two
  /// (a jump not yet saved when the power went) nothing heard is lost.
  func check(_ place: PlaceAtCut, in box: SoakBox) -> Double {
    let snapshot = box.runtime.snapshot
    let resumed: Int
    if snapshot.book.id == place.bookID, let current = snapshot.position.current {
      resumed = current.offset
    } else {
      resumed = (try? box.appliance.log?.load(bookID: place.bookID))??.offset ?? 0
    }
    let earliest = min(place.offset, place.heard ?? place.offset)
    let latest = max(place.offset, place.heard ?? place.offset)
    func seconds(_ from: Int, _ to: Int) -> Double {
      Double(place.words(from: from, to: to)) * 60 / Double(max(place.wpm, 1))
    }
    if resumed < earliest { return seconds(resumed, earliest) }
    if resumed > latest { return -seconds(latest, resumed) }
    return 0
  }
}
