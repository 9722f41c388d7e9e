@testable import FolioTellCore

/// The tick's bookkeeping (`armedTimers`, `startTimer`) is stated by `TickTests`; tests of
/// other behaviour compare without it, so each test states one thing.
extension BoxEffect {
  var isTimer: Bool {
    switch self {
    case .startTimer: return true
    default: return false
    }
  }
}

extension Array where Element == BoxEffect {
  var withoutTimers: [BoxEffect] { filter { !$0.isTimer } }
}

extension BoxState {
  var withoutTimers: BoxState {
    var state = self
    state.armedTimers = []
    return state
  }
}
