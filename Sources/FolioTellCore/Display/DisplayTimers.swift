/// The display's dimming, darkness and the status's end, decided here on the reducer's timers. A control
/// lights the display; the dimming and darkness are counted from the last control. A timer is started
/// only when none is armed, so a press costs no timer work: one that fires before its moment (a control
/// came since) finds nothing to do, and the step's end starts it again for what is left. A box with no
/// display (`DisplayView.timing` nil) starts none.
enum DisplayTimers {
  /// At a step's end (`before` is the view the step met, `armed` the timers armed): a control lights the
  /// display; the dimming and darkness it still waits for are timed if they are not; a status asked for
  /// starts its end. The root keeps the timers these effects start as armed.
  static func keepTime(from before: DisplayView, _ view: inout DisplayView, armed: [BoxTimer], at time: Double)
    -> [BoxEffect]
  {
    guard let timing = view.timing else { return [] }
    var effects: [BoxEffect] = []
    if view.lastInput != before.lastInput { view.light = .bright }
    func start(_ timer: BoxTimer, at moment: Double) {
      effects.append(.startTimer(timer, after: max(moment - time, 0)))
    }
    if view.light == .bright, !armed.contains(.dimDisplay) {
      start(.dimDisplay, at: view.lastInput + timing.dimAfter)
    }
    if timing.offAfter > 0, view.light != .dark, !armed.contains(.darkenDisplay) {
      start(.darkenDisplay, at: view.lastInput + timing.offAfter)
    }
    if let asked = view.statusRequestedAt, asked != before.statusRequestedAt {
      // Asked again while showing: its end moves (starting an armed timer replaces it).
      start(.endStatus, at: asked + timing.statusFor)
    }
    return effects
  }

  /// A display timer fired: it acts only when its moment, counted from the last control, has come.
  static func fired(_ timer: BoxTimer, _ view: DisplayView, at time: Double) -> DisplayView {
    guard let timing = view.timing else { return view }
    var next = view
    // The timer's own arithmetic (`moment - time`, then back) may land a hair early.
    func due(_ wait: Double) -> Bool { time + 1e-6 >= view.lastInput + wait }
    switch timer {
    case .dimDisplay:
      if next.light == .bright, due(timing.dimAfter) { next.light = .dimmed }
    case .darkenDisplay:
      if due(timing.offAfter) { next.light = .dark }
    case .endStatus:
      next.statusRequestedAt = nil
    case .tick:
      break
    }
    return next
  }
}
