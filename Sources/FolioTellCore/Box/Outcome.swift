/// What a reducer on the whole state returns: the same as a feature's step, with the root state as its
/// state (see `FeatureStep` and `BoxAction`).
typealias Outcome = FeatureStep<BoxState>

extension FeatureStep where State == BoxState {
  /// A step that asks nothing more.
  init(_ step: (BoxState, [BoxEffect])) {
    self.init(step.0, step.1)
  }
}
