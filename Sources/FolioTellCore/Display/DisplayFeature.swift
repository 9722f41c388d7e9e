/// The display's view feature: its state is `DisplayView` (what the listener chose, the light, the
/// status, when a control was last used and the timing). The display pipeline draws it; it decides here.
enum DisplayFeature {
  static func reduce(_ view: DisplayView, _ action: DisplayAction, at time: Double) -> DisplayView {
    var next = view
    switch action {
    case .controlUsed:
      next.lastInput = time
      next.asleep = false
    case .toggleBigWord:
      next.mode = view.mode == .reading ? .bigWord : .reading
    case .textSize(let size):
      next.textSize = size
    case .night(let on):
      next.night = on
    case .off(let off):
      next.isOff = off
    case .showStatus:
      next.statusRequestedAt = time
    case .sleep:
      next.asleep = true
    case .timerFired(let timer):
      next = DisplayTimers.fired(timer, view, at: time)
    }
    return next
  }
}
