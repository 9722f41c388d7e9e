/// The display's dimming, darkness and the status's end, decided here on the reducer's timers: a control
/// used wakes the display and starts them again; each one's firing is the moment it happens. A box with
/// no display (`BoxState.displayTiming` nil) starts none.
enum DisplayTimers {
  /// At a step's end: after a control (or at the first step) the display is lit and its timers start,
  /// counted from the control; a status asked for starts its end.
  static func keepTime(from before: BoxState, _ state: inout BoxState, at time: Double) -> [BoxEffect] {
    guard let timing = state.displayTiming else { return [] }
    var effects: [BoxEffect] = []
    let used = state.display.lastInput != before.display.lastInput
    if used { state.display.light = .bright }
    func arm(_ timer: BoxTimer, at moment: Double) {
      if !state.armedTimers.contains(timer) { state.armedTimers.append(timer) }
      effects.append(.startTimer(timer, after: max(moment - time, 0)))
    }
    if state.display.light == .bright, used || !state.armedTimers.contains(.dimDisplay) {
      arm(.dimDisplay, at: state.display.lastInput + timing.dimAfter)
    }
    if timing.offAfter > 0, state.display.light != .dark, used || !state.armedTimers.contains(.darkenDisplay) {
      arm(.darkenDisplay, at: state.display.lastInput + timing.offAfter)
    }
    if let asked = state.display.statusRequestedAt, asked != before.display.statusRequestedAt {
      arm(.endStatus, at: asked + timing.statusFor)
    }
    return effects
  }

  static func fired(_ timer: BoxTimer, _ state: BoxState, at time: Double) -> Outcome {
    var next = state
    switch timer {
    case .dimDisplay:
      if next.display.light == .bright { next.display.light = .dimmed }
    case .darkenDisplay:
      next.display.light = .dark
    case .endStatus:
      next.display.statusRequestedAt = nil
    case .tick:
      break
    }
    return Outcome(next)
  }
}
