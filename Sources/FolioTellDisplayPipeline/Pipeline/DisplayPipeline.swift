import Dispatch
import FolioTellCore
import FolioTellViews
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The display's side of the box. The funnel and the input loop hand it what changed (cheap, never
/// waiting); a thread of its own renders the newest screen and sends it, dropping screens that were
/// overtaken, and retries a display that does not answer with growing pauses, setting it up again when
/// it answers. Reading never waits for the display.
public final class DisplayPipeline: Sendable {
  struct Shared: Sendable {
    var reader = BoxState()
    var stopping = false
  }

  public struct Statistics: Equatable, Sendable {
    public var framesShown = 0
    public var framesDropped = 0
    public var failures = 0
    public var renderSeconds = 0.0
  }

  private let shared: Mutex<Shared>
  private let statistics = Mutex(Statistics())
  private let wake = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let now: @Sendable () -> Double
  private let report: @Sendable (String) -> Void
  private let views: Views
  private let settings: DisplaySettings
  private nonisolated(unsafe) let output: any FrameOutput

  public init(
    output: any FrameOutput, views: Views, settings: DisplaySettings = DisplaySettings(),
    now: @escaping @Sendable () -> Double, report: @escaping @Sendable (String) -> Void
  ) {
    self.output = output
    self.views = views
    self.now = now
    self.report = report
    self.settings = settings
    shared = Mutex(Shared())
  }

  public var stats: Statistics { statistics.withLock { $0 } }
  /// What the display is doing now, from the last state it was handed.
  public var displayState: DisplayState {
    DisplayState(shared.withLock { $0.reader.display }, settings: settings)
  }

  private let started = Mutex(false)

  /// Starts the display's thread (once).
  public func start() {
    guard
      started.withLock({
        let was = $0; $0 = true; return !was
      })
    else { return }
    DetachedThread.start(name: "foliotell.display") { [self] in run() }
  }

  public func stop() {
    guard started.withLock({ $0 }) else { return }
    shared.withLock { $0.stopping = true }
    wake.signal()
    finished.wait()
  }

  /// From the funnel: the reader's new state (only what the display shows matters; the rest is skipped).
  public func boxChanged(_ state: BoxState) {
    let changed = shared.withLock { shared -> Bool in
      let before = shared.reader.playback
      let after = state.playback
      let same =
        before.word == after.word && before.offset == after.offset && before.phase == after.phase
        && before.failure == after.failure && before.wpm == after.wpm && before.book.count == after.book.count
        && shared.reader.menu == state.menu && shared.reader.library.books == state.library.books
        && shared.reader.sleepTimer?.minutesLeft == state.sleepTimer?.minutesLeft
        && shared.reader.display == state.display && shared.reader.book.title == state.book.title
      shared.reader = state
      return !same
    }
    if changed { wake.signal() }
  }

  /// How often a display with nothing new to show is asked whether it is still there (so an unplugged
  /// module is noticed, and set up again when it is back).
  public static let heartbeat = 10.0

  private func run() {
    var failing = false
    var pause = 0.1
    var retryAt: Double?
    var shown: (screen: Screen, power: DisplayState.Power)?
    var lastContact = now()
    while true {
      let time = now()
      // The state is copied out under the lock; the screen is worked out and drawn without it.
      let (reader, stopping) = shared.withLock { ($0.reader, $0.stopping) }
      if stopping { break }
      let display = DisplayState(reader.display, settings: settings)
      let screen = ScreenModel.screen(for: reader, display: display, title: reader.book.title)
      // A new picture, a new brightness (dimming, going dark), or a retry after a fault.
      let due = failing || shown?.screen != screen || shown?.power != display.power
      // A dark display is not asked whether it is there: a box at rest wakes for nothing (one unplugged
      // meanwhile is set up again when it is next drawn).
      let quiet = !due && display.power != .off && time - lastContact >= Self.heartbeat
      if due || quiet {
        do {
          if due {
            let started = now()
            let frame = views.render(screen)
            let rendered = now() - started
            try output.show(frame, power: display.power)
            statistics.withLock {
              $0.framesShown += 1
              $0.renderSeconds += rendered
            }
          } else {
            try output.probe()
          }
          shown = (screen, display.power)
          lastContact = now()
          if failing { report("the display (\(output.name)) answers again") }
          failing = false
          pause = 0.1
          retryAt = nil
        } catch {
          statistics.withLock { $0.failures += 1 }
          if !failing { report("the display (\(output.name)) does not answer: \(error); retrying, reading goes on") }
          failing = true
          shown = nil
          retryAt = now() + pause
          pause = min(pause * 2, 5)
        }
      }
      // Sleep until something changes (dimming and darkness are changes of the state, decided by the
      // reducer), a retry is due, or a heartbeat.
      var wakeAt = Double.infinity
      if let retryAt {
        wakeAt = retryAt
      } else if display.power != .off {
        wakeAt = min(wakeAt, lastContact + Self.heartbeat)
      }
      while true {
        let remaining = wakeAt - now()
        if remaining <= 0 { break }
        // Nothing due (dark, nothing to retry): sleep until something changes.
        let woken: Bool
        if remaining.isInfinite {
          wake.wait()
          woken = true
        } else {
          woken = wake.wait(timeout: .now() + min(remaining, 3600)) == .success
        }
        // While failing, changes wait for the retry (a display that does not answer is not hammered);
        // otherwise any change is drawn at once. A stop always ends the wait.
        if woken, retryAt == nil || shared.withLock({ $0.stopping }) { break }
      }
      // Wake-ups that piled up while drawing are one change: the next draw shows the newest state.
      var extra = 0
      while wake.wait(timeout: .now()) == .success { extra += 1 }
      if extra > 0 { statistics.withLock { $0.framesDropped += extra } }
    }
    finished.signal()
  }
}
