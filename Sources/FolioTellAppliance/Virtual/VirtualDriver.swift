import Dispatch
import FolioTellCore
import FolioTellRuntime
import FolioTellSpeech
import FoundationEssentials
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
  /// Signalled when the speech worker waits for the card or goes idle: the moments the driver waits for.
  private let settled = DispatchSemaphore(value: 0)

  public init(appliance: Appliance, clock: VirtualClock, script: ControlScript) {
    self.appliance = appliance
    self.clock = clock
    self.script = script
    sink = appliance.sink as? VirtualClockSink
    let settled = self.settled
    sink?.observeWaiting { settled.signal() }
    (appliance.engine as? EspeakSpeechEngine)?.observeIdle { settled.signal() }
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
    }
    appliance.stop()
    settle()
    // Anything still being said (an announcement cut off by the end of the script) is let go.
    sink?.gate.set(open: true)
    sink?.close()
    while !engineIdle {
      appliance.funnel.drain()
      _ = settled.wait(timeout: .now() + 0.05)
    }
    appliance.funnel.drain()
    appliance.finishFrames()
    try sink?.finish()
  }

  private var engineIdle: Bool {
    (appliance.engine as? EspeakSpeechEngine)?.isIdle ?? true
  }

  /// Takes turns with the speech worker until both are done at this moment: the worker runs alone (the
  /// gate open) until it waits for the card or has nothing to do, then the driver alone (the gate shut)
  /// handles what it posted, which may give it more. Neither ever races the other.
  private func settle() {
    while true {
      sink?.gate.set(open: true)
      // The timeout is only a guard: the clock does not move meanwhile, so a late wake-up costs time,
      // never determinism.
      while !(engineIdle || (sink?.isWaitingForTime ?? true)) { _ = settled.wait(timeout: .now() + 0.05) }
      sink?.gate.set(open: false)
      if appliance.funnel.backlog == 0 { return }
      appliance.funnel.drain()
    }
  }

}
