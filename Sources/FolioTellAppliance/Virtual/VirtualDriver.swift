import FolioTellCore
import FolioTellRuntime
import FolioTellSpeech
import Foundation
import Glibc

/// Runs a box built on the virtual platform: the script's presses at their moments, timers on the
/// virtual clock, and the sound card played period by period. The clock moves only when everything has
/// settled (the funnel is empty, and the speech worker is idle or waiting for the card), so a run is the
/// same on every machine, only as fast as synthesis allows.
public final class VirtualDriver {
  public let appliance: Appliance
  public let clock: VirtualClock
  private let script: ControlScript
  private let sink: VirtualClockSink?

  public init(appliance: Appliance, clock: VirtualClock, script: ControlScript) {
    self.appliance = appliance
    self.clock = clock
    self.script = script
    sink = appliance.sink as? VirtualClockSink
  }

  /// Until the script is done and nothing more will happen by itself (the book finished, paused, stopped).
  /// `limit` bounds the virtual time, against a script that never ends.
  public func run(limit: Double = 24 * 3600) throws(AudioError) {
    appliance.start()
    var next = 0
    while true {
      settle()
      let now = clock.now()
      // Presses due now arrive together, as presses do while the funnel is busy: one funnel turn.
      if next < script.steps.count, script.steps[next].time <= now {
        while next < script.steps.count, script.steps[next].time <= now {
          appliance.runtime.post(script.steps[next].event)
          next += 1
        }
        continue
      }
      var moments: [Double] = []
      if next < script.steps.count { moments.append(script.steps[next].time) }
      if let deadline = clock.nextDeadline { moments.append(deadline) }
      if let sink, !engineIdle, !sink.isPaused, sink.isWaitingForTime, let period = sink.nextPeriod(after: now) {
        moments.append(period)
      }
      guard let moment = moments.min(), moment <= limit else { break }
      let target = max(moment, now)
      // Timers due by then fire in order, each at its own moment, with the card played up to it.
      while let deadline = clock.nextDeadline, deadline <= target {
        sink?.advance(to: max(deadline, now))
        clock.fireNext(notAfter: target)
        settle()
      }
      clock.advance(to: target)
      sink?.advance(to: target)
      appliance.clockMoved()
    }
    appliance.stop()
    settle()
    // Anything still being said (an announcement cut off by the end of the script) is let go.
    sink?.close()
    while !engineIdle {
      appliance.funnel.drain()
      usleep(100)
    }
    appliance.funnel.drain()
    appliance.finishFrames()
    try sink?.finish()
  }

  private var engineIdle: Bool {
    (appliance.engine as? EspeakSpeechEngine)?.isIdle ?? true
  }

  /// Drains the funnel until nothing is left and the speech worker has nothing to add at this moment.
  private func settle() {
    while true {
      appliance.funnel.drain()
      if appliance.funnel.backlog == 0, engineIdle || (sink?.isWaitingForTime ?? true) {
        // Once more: the worker may have posted on its way to waiting.
        if appliance.funnel.backlog == 0 { return }
        continue
      }
      // The worker is synthesizing; it will post or wait for the card soon.
      usleep(100)
    }
  }
}
