/// A setting the listener chose in the menu (volume and pitch, sounds, the box's language).
enum SettingsAction: Equatable, Sendable {
  case volume(Int)
  case pitch(Int)
  case earcons(Bool)
  /// The language of the box's own words (the menu's Language page).
  case boxLanguage(String)
}
