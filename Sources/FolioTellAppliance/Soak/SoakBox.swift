import FolioTellCore
import FolioTellRuntime
import FolioTellStore
import Glibc
import Synchronization

/// One life of the box in a soak night, from power-on to its cut: the box composed as `run` composes it
/// (greeting, trace ring, store and library in the data directory), on the virtual clock from the
/// night's time, with what the night watches: the listener's place and the reducer's invariants.
final class SoakBox {
  let appliance: Appliance
  let driver: VirtualDriver
  let clock: VirtualClock
  let powerCut = StorePowerCut()
  private let watched = Watched()

  /// What the observer saw, on the funnel's turn; read by the night between turns.
  final class Watched: Sendable {
    let state = Mutex<(place: SoakNight.Place?, events: Int, problems: [String])>((nil, 0, []))
    func withLock<Result>(_ body: (inout (place: SoakNight.Place?, events: Int, problems: [String])) -> Result) -> Result {
      state.withLock { body(&$0) }
    }
  }

  init(plan: SoakNight.Plan, startingAt time: Double, report: @escaping @Sendable (String) -> Void) throws {
    clock = VirtualClock(startingAt: time)
    var session = Session()
    session.greet = true
    session.traceRing = true
    session.dataDirectory = plan.dataDirectory
    session.libraryFolders = [plan.bookFolder]
    session.audio = "null"
    session.powerCut = powerCut
    appliance = try Appliance(config: plan.config, platform: .virtual(clock), session: session, report: report)
    driver = VirtualDriver(appliance: appliance, clock: clock, script: ControlScript(steps: []))
    let powerCut = self.powerCut
    let watched = self.watched
    appliance.runtime.observe { step in
      // After the plug is pulled nothing the box still does was heard or kept.
      guard !powerCut.hasHappened else { return }
      let problems = BoxInvariants.problems(before: step.before, event: step.event, after: step.after)
      watched.withLock { watched in
        watched.events += 1
        watched.problems += problems.map { "at \(Self.clockTime(step.time)), after \(step.event): \($0)" }
        if let id = step.after.book.id {
          let playback = step.after.playback
          var heard = watched.place?.bookID == id ? watched.place?.heard : nil
          if case .playback(.willSpeakRange) = step.event, playback.word != step.before.playback.word {
            heard = playback.offset
          }
          watched.place = SoakNight.Place(
            bookID: id, offset: playback.offset, heard: heard, wpm: playback.wpm, text: playback.book.scalars)
        }
      }
    }
    driver.start()
  }

  var runtime: BoxRuntime { appliance.runtime }
  var place: SoakNight.Place? { watched.withLock { $0.place } }
  var events: Int { watched.withLock { $0.events } }

  /// The invariants broken since last asked.
  func takeProblems() -> [String] {
    watched.withLock { watched in
      defer { watched.problems = [] }
      return watched.problems
    }
  }

  var storeBytes: Int { appliance.log?.stats.bytesWritten ?? 0 }
  var traceWritten: Int { appliance.ring?.bytesWritten ?? 0 }
  /// Whether the trace ring is written to the card (in the data directory) rather than to RAM.
  var traceIsOnTheCard: Bool {
    guard let ring = appliance.ring, let data = appliance.log?.directory else { return false }
    return ring.folder.hasPrefix(data + "/")
  }
  var traceLimit: Int { appliance.ring.map { $0.files * $0.fileBytes } ?? 0 }
  /// What the trace ring's files hold now.
  var traceBytes: Int {
    appliance.ring?.paths.reduce(0) { total, path in
      var info = stat()
      return total + (stat(path, &info) == 0 ? Int(info.st_size) : 0)
    } ?? 0
  }

  /// The box stopped as systemd stops it at the end: the place saved.
  func shutDown() { driver.finishRun() }

  static func clockTime(_ seconds: Double) -> String {
    let whole = Int(seconds)
    let hours = whole / 3600
    let minutes = whole / 60 % 60
    let tenths = Int(((seconds - Double(whole / 60 * 60)) * 10).rounded(.down))
    return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(tenths < 100 ? "0" : "")\(tenths / 10).\(tenths % 10)"
  }
}
