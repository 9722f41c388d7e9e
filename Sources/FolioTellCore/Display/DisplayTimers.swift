/// The display's dimming, darkness and the status's end, decided here on the reducer's timers. A control
/// lights the display; the dimming and darkness are counted from the last control. A timer is started
/// only when none is armed, so a press costs no timer work: one that fires before its moment (a control
/// came since) finds nothing to do, and the step's end starts it again for what is left. A box with no
/// display (`BoxState.displayTiming` nil) starts none.
enum DisplayTimers {
  /// At a step's end: a control lights the display; the dimming and darkness it still waits for are
  /// timed if they are not; a status asked for starts its end.
  static func keepTime(from before: BoxState, _ state: inout BoxState, at time: Double) -> [BoxEffect] {
    guard let timing = state.display.timing else { return [] }
    var effects: [BoxEffect] = []
    if state.display.lastInput != before.display.lastInput { state.display.light = .bright }
    func arm(_ timer: BoxTimer, at moment: Double) {
      state.armedTimers.append(timer)
      effects.append(.startTimer(timer, after: max(moment - time, 0)))
    }
    if state.display.light == .bright, !state.armedTimers.contains(.dimDisplay) {
      arm(.dimDisplay, at: state.display.lastInput + timing.dimAfter)
    }
    if timing.offAfter > 0, state.display.light != .dark, !state.armedTimers.contains(.darkenDisplay) {
      arm(.darkenDisplay, at: state.display.lastInput + timing.offAfter)
    }
    if let asked = state.display.statusRequestedAt, asked != before.display.statusRequestedAt {
      // Asked again while showing: its end moves (the runtime replaces the armed timer).
      state.armedTimers.removeAll { $0 == .endStatus }
      arm(.endStatus, at: asked + timing.statusFor)
    }
    return effects
  }

  /// A display timer fired: it acts only when its moment, counted from the last control, has come.
  static func fired(_ timer: BoxTimer, _ state: BoxState, at time: Double) -> Outcome {
    guard let timing = state.display.timing else { return Outcome(state) }
    var next = state
    // The timer's own arithmetic (`moment - time`, then back) may land a hair early.
    func due(_ wait: Double) -> Bool { time + 1e-6 >= state.display.lastInput + wait }
    switch timer {
    case .dimDisplay:
      if next.display.light == .bright, due(timing.dimAfter) { next.display.light = .dimmed }
    case .darkenDisplay:
      if due(timing.offAfter) { next.display.light = .dark }
    case .endStatus:
      next.display.statusRequestedAt = nil
    case .tick:
      break
    }
    return Outcome(next)
  }
}
