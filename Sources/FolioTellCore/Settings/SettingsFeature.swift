/// The settings feature (sound, sounds for presses, the box's language): its state is `SettingsState`. A new volume or pitch is also an effect, so
/// the sound changes at once; the step's end saves what changed.
enum SettingsFeature {
  static func reduce(_ settings: SettingsState, _ action: SettingsAction) -> FeatureStep<SettingsState> {
    var next = settings
    switch action {
    case .volume(let percent):
      next.volume = percent
      return FeatureStep(next, [.setVolume(percent)])
    case .pitch(let pitch):
      next.pitch = pitch
      return FeatureStep(next, [.setPitch(pitch)])
    case .earcons(let on):
      next.earcons = on
      return FeatureStep(next)
    case .boxLanguage(let language):
      guard WordTable.speaks(language) else { return FeatureStep(next) }
      next.boxLanguage = LanguageForms.base(of: language)
      next.boxLanguageChosen = true
      return FeatureStep(next)
    }
  }
}
