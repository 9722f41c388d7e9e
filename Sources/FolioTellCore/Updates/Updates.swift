/// The update feature: offering a bundle found on a stick, installing it when the listener holds PLAY,
/// saying how far it has got, and restarting once that is said. Its own state only; what it says over the
/// book goes through the root as an interjection.
enum Updates {
  static func reduce(_ state: UpdateState, _ event: UpdateEvent, _ context: FeatureContext) -> FeatureStep<UpdateState> {
    var next = state
    let words = context.words
    switch event {
    case .found(let offer):
      guard !state.isBusy, state.offer != offer else { return FeatureStep(state) }
      next.offer = offer
      return FeatureStep(next, [.earcon(.accepted)], send: [.interject(words(.updateOffered, .words(offer.version)), before: [], resumeReading: false)])
    case .refused(_, let reason):
      guard !state.isBusy else { return FeatureStep(state) }
      return FeatureStep(state, [.earcon(.error)], send: [.interject(words(reason.phrase), before: [], resumeReading: nil)])
    case .gone(let path):
      guard state.offer?.path == path else { return FeatureStep(state) }
      next.offer = nil
      return FeatureStep(next)
    case .progress(let percent):
      let step = percent / UpdateState.progressStep * UpdateState.progressStep
      guard state.installing != nil, step > state.saidPercent, step < 100 else { return FeatureStep(state) }
      next.saidPercent = step
      return FeatureStep(next, [context.say(words(.updateProgress, .count(step, .percent)))])
    case .installed:
      guard state.installing != nil else { return FeatureStep(state) }
      next.installing = nil
      next.restartWhenSaid = true
      return FeatureStep(next, [context.say(words(.updateRestarting))])
    case .failed(let reason):
      guard state.installing != nil else { return FeatureStep(state) }
      next.installing = nil
      return FeatureStep(next, [context.say(words(.updateFailed, .book(reason, language: "en"))), .earcon(.error)])
    case .outcome(.updated(let version)):
      return FeatureStep(state, send: [.interject(words(.updatedTo, .words(version)), before: [], resumeReading: nil)])
    case .outcome(.fellBack(let version)):
      return FeatureStep(
        state, [.earcon(.error)], send: [.interject(words(.updateFellBack, .words(version)), before: [], resumeReading: nil)])
    }
  }

  /// A control while an update is offered, installed or finishing; nil: the control does what it always does
  /// (and withdraws an offer: see `Box.handle`).
  static func control(_ state: UpdateState, _ name: ControlName, _ gesture: Gesture, _ context: FeatureContext)
    -> FeatureStep<UpdateState>?
  {
    let words = context.words
    if state.isBusy {
      // Only a press is answered (not its release or its repeats): how far it has got.
      guard gesture == .short || gesture == .long else { return FeatureStep(state) }
      if state.restartWhenSaid { return FeatureStep(state, [context.say(words(.updateRestarting))]) }
      return FeatureStep(state, [context.say(words(.updateStillInstalling, .count(state.saidPercent, .percent)))])
    }
    guard let offer = state.offer, gesture != .release, gesture != .repeatWhileHeld else { return nil }
    var next = state
    next.offer = nil
    switch (name, gesture) {
    case (.play, .long):
      next.installing = offer
      next.saidPercent = 0
      return FeatureStep(
        next, [.installUpdate(path: offer.path)],
        send: [.interject(words(.updateInstalling, .words(offer.version)), before: [], resumeReading: false)])
    case (.back, _):
      return FeatureStep(next, [context.say(words(.updateNotInstalled))])
    default:
      // Any other control is not an answer: the offer is withdrawn and the control does what it does.
      return nil
    }
  }
}

extension UpdateRefusal {
  var phrase: PhraseKey {
    switch self {
    case .notSigned: return .updateNotSigned
    case .otherBox: return .updateForAnotherBox
    case .unreadable: return .updateUnreadable
    }
  }
}
