/// The box's named controls. Physical inputs (GPIO lines, keys of an input device) are given these names
/// by the board file and the config; what each does depends on the mode the box is in, decided by the
/// root reducer when the control is handled. The raw value is the name written in board files, configs,
/// scripts and traces.
public enum ControlName: String, Equatable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
  case play = "PLAY"
  case stop = "STOP"
  case next = "NEXT"
  case previous = "PREVIOUS"
  case faster = "FASTER"
  case slower = "SLOWER"
  case menu = "MENU"
  case back = "BACK"
  case encoder = "ENCODER"
  case encoderPush = "ENCODER_PUSH"
  /// BACK and MENU held together for two seconds (or a key bound to it): the key describer's chord.
  case describerChord = "BACK+MENU"

  public var description: String { rawValue }

  /// Every name, as a listener writes them, for an error message: "PLAY, STOP, ...".
  public static var spelledOut: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
