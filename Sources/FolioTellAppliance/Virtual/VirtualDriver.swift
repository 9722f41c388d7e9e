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
    start()
    var next = 0
    while next < script.steps.count {
      guard play(until: script.steps[next].time, limit: limit) else { break }
      // Presses due now arrive together, as presses do while the funnel is busy: one funnel turn.
      var due: [BoxEvent] = []
      while next < script.steps.count, script.steps[next].time <= clock.now() {
        due.append(script.steps[next].event)
        next += 1
      }
      press(due)
    }
    if next == script.steps.count { play(until: nil, limit: limit) }
    finishRun()
    try sink?.finish()
  }

  /// Powers the box on: the book opened, the greeting or the reading begun (handled at the next turn).
  public func start() { appliance.start() }

  /// Plays the box on: timers fire at their moments and the card is played period by period, until the
  /// virtual time `moment` (nil: until nothing more will happen by itself). False when `limit` came first.
  @discardableResult
  public func play(until moment: Double?, limit: Double = 24 * 3600, while going: () -> Bool = { true }) -> Bool {
    while true {
      settle()
      if !going() { return true }
      let now = clock.now()
      if let moment, moment <= now { return true }
      var moments: [Double] = []
      if let moment { moments.append(moment) }
      if let deadline = clock.nextDeadline { moments.append(deadline) }
      if let sink, !engineIdle, !sink.isPaused, sink.isWaitingForTime, let period = sink.nextPeriod(after: now) {
        moments.append(period)
      }
      guard let next = moments.min() else { return true }
      guard next <= limit else { return false }
      let target = max(next, now)
      // Timers due by then fire in order, each at its own moment, with the card played up to it.
      while let deadline = clock.nextDeadline, deadline <= target {
        sink?.advance(to: max(deadline, now))
        clock.fireNext(notAfter: target)
        settle()
      }
      clock.advance(to: target)
      sink?.advance(to: target)
    }
  }

  /// Presses (or any events) arriving now, handled in one funnel turn.
  public func press(_ events: [BoxEvent]) {
    settle()
    for event in events { appliance.runtime.post(event) }
  }

  /// Stops the box as it stops at the end of a script: the place saved, the speech let go.
  public func finishRun() {
    appliance.stop()
    settle()
    // Anything still being said (an announcement cut off by the end of the script) is let go.
    sink?.gate.set(open: true)
    sink?.close()
    waitForSpeechToEnd()
    appliance.funnel.drain()
    appliance.finishFrames()
  }

  /// The power goes off now: nothing more is handled, saved or traced (the funnel is never drained
  /// again), and the speech worker is let run out into a closed card so the box's threads end.
  public func cutPower() {
    sink?.gate.set(open: true)
    sink?.close()
    while !engineIdle { _ = settled.wait(timeout: .now() + 0.05) }
  }

  private func waitForSpeechToEnd() {
    while !engineIdle {
      appliance.funnel.drain()
      _ = settled.wait(timeout: .now() + 0.05)
    }
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
