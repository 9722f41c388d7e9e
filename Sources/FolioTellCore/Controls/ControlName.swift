/// The box's named controls. Physical inputs (GPIO lines, keys of an input device) are given these names
/// by the board file and the config; what each does depends on the mode the box is in, decided by the
/// root reducer when the control is handled.
public enum ControlName {
  public static let play = "PLAY"
  public static let stop = "STOP"
  public static let next = "NEXT"
  public static let previous = "PREVIOUS"
  public static let faster = "FASTER"
  public static let slower = "SLOWER"
  public static let menu = "MENU"
  public static let back = "BACK"
  public static let encoder = "ENCODER"
  public static let encoderPush = "ENCODER_PUSH"
  /// BACK and MENU held together for two seconds (or a key bound to it): the key describer's chord.
  public static let describerChord = "BACK+MENU"

  public static let all = [
    play, stop, next, previous, faster, slower, menu, back, encoder, encoderPush, describerChord,
  ]
}
