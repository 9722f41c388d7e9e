/// What a feature's reducer returns: the state it leaves, its effects in order, and the actions it asks the
/// root to send next (see `BoxAction`).
struct Outcome: Sendable {
  var state: BoxState
  var effects: [BoxEffect]
  var send: [BoxAction]

  init(_ state: BoxState, _ effects: [BoxEffect] = [], send: [BoxAction] = []) {
    self.state = state
    self.effects = effects
    self.send = send
  }

  /// A feature's step that asks nothing more.
  init(_ step: (BoxState, [BoxEffect])) {
    self.init(step.0, step.1)
  }

  /// Effects already made come first.
  func after(_ earlier: [BoxEffect]) -> Outcome {
    Outcome(state, earlier + effects, send: send)
  }
}
