import FolioTellControls
import FolioTellCore
import FolioTellDisplay
import Foundation
import Synchronization

/// The display's side of the box. The funnel and the input loop hand it what changed (cheap, never
/// waiting); a thread of its own renders the newest screen and sends it, dropping screens that were
/// overtaken, and retries a display that does not answer with growing pauses, setting it up again when
/// it answers. Reading never waits for the display.
public final class DisplayPipeline: Sendable {
  struct Shared: Sendable {
    var reader = ReaderState()
    var display: DisplayState
    var title: String?
    /// Set when something changed that the thread has not drawn yet.
    var dirty = true
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
  private nonisolated(unsafe) let output: any FrameOutput

  public init(
    output: any FrameOutput, views: Views, settings: DisplaySettings = DisplaySettings(),
    now: @escaping @Sendable () -> Double, report: @escaping @Sendable (String) -> Void
  ) {
    self.output = output
    self.views = views
    self.now = now
    self.report = report
    shared = Mutex(Shared(display: DisplayState(settings: settings, at: now())))
  }

  public var stats: Statistics { statistics.withLock { $0 } }
  public var displayState: DisplayState { shared.withLock { $0.display } }

  public func start() {
    let thread = Thread { [self] in run() }
    thread.name = "foliotell.display"
    thread.start()
  }

  public func stop() {
    shared.withLock { $0.stopping = true }
    wake.signal()
    finished.wait()
  }

  /// From the funnel: the reader's new state (only what the display shows matters; the rest is skipped).
  public func readerChanged(_ state: ReaderState) {
    let changed = shared.withLock { shared -> Bool in
      let before = shared.reader.playback
      let after = state.playback
      let same =
        before.word == after.word && before.offset == after.offset && before.phase == after.phase
        && before.failure == after.failure && before.wpm == after.wpm && before.book.count == after.book.count
      shared.reader = state
      if !same { shared.dirty = true }
      return !same
    }
    if changed { wake.signal() }
  }

  public func titleChanged(_ title: String?) {
    shared.withLock {
      $0.title = title
      $0.dirty = true
    }
    wake.signal()
  }

  /// From the input loop: any control wakes the display; some change its view.
  public func control(_ output: ControlOutput) {
    shared.withLock {
      $0.display = DisplayState.reduce(
        $0.display, .control(ControlOutput(time: now(), control: output.control, action: output.action)))
      $0.dirty = true
    }
    wake.signal()
  }

  private func run() {
    var failing = false
    var pause = 0.1
    var shownPower: DisplayState.Power?
    while true {
      let time = now()
      let (screen, power, nextChange, stopping) = shared.withLock {
        shared -> (Screen?, DisplayState.Power, Double?, Bool) in
        shared.display = DisplayState.reduce(shared.display, .tick(time))
        // Dimming and going dark need no new picture, but they must reach the panel.
        let due = shared.dirty || failing || shared.display.power != shownPower
        let screen =
          due
          ? ScreenModel.screen(for: shared.reader, display: shared.display, title: shared.title, at: time) : nil
        shared.dirty = false
        return (screen, shared.display.power, shared.display.nextChange(after: time), shared.stopping)
      }
      if stopping { break }
      if let screen {
        let started = now()
        let frame = views.render(screen)
        let rendered = now() - started
        do {
          try output.show(frame, power: power)
          shownPower = power
          statistics.withLock {
            $0.framesShown += 1
            $0.renderSeconds += rendered
          }
          if failing { report("the display (\(output.name)) answers again") }
          failing = false
          pause = 0.1
        } catch {
          statistics.withLock { $0.failures += 1 }
          if !failing { report("the display (\(output.name)) does not answer: \(error); retrying, reading goes on") }
          failing = true
          // Newer screens arriving during the pause replace this one.
          _ = wake.wait(timeout: .now() + pause)
          pause = min(pause * 2, 5)
          continue
        }
      }
      // Sleep until something changes, or until the display must dim or go dark.
      if let nextChange {
        _ = wake.wait(timeout: .now() + max(0.001, nextChange - now()))
      } else {
        wake.wait()
      }
      // Wake-ups that piled up while drawing are one change: the next draw shows the newest state.
      var extra = 0
      while wake.wait(timeout: .now()) == .success { extra += 1 }
      if extra > 0 { statistics.withLock { $0.framesDropped += extra } }
    }
    finished.signal()
  }
}
