/// The mode the box is in decides what a control does.
public enum ControlMode: String, Sendable {
  /// A book is open: reading, paused or finished.
  case reading
  /// The menu is open: the controls move through it.
  case menu
}
