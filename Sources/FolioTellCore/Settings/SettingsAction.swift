/// A sound setting the listener chose (on the menu's Volume and pitch page).
enum SettingsAction: Equatable, Sendable {
  case volume(Int)
  case pitch(Int)
  case earcons(Bool)
}
