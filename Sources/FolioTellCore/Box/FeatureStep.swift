/// What a feature's reducer returns on its own state: the state it leaves, its effects in order, and the
/// actions it asks the root to send next. The root puts the state back where the feature keeps it
/// (`BoxState.scoping`).
struct FeatureStep<State: Sendable>: Sendable {
  var state: State
  var effects: [BoxEffect]
  var send: [BoxAction]

  init(_ state: State, _ effects: [BoxEffect] = [], send: [BoxAction] = []) {
    self.state = state
    self.effects = effects
    self.send = send
  }

  /// Effects already made come first.
  func after(_ earlier: [BoxEffect]) -> FeatureStep {
    FeatureStep(state, earlier + effects, send: send)
  }
}

extension BoxState {
  /// This state with a feature's step put in its place: the root's side of scoping a feature.
  func scoping<Feature>(_ feature: WritableKeyPath<BoxState, Feature>, _ step: FeatureStep<Feature>) -> Outcome {
    var next = self
    next[keyPath: feature] = step.state
    return Outcome(next, step.effects, send: step.send)
  }
}
