/// When the display dims, goes dark and ends the status, counted in seconds (set in the config).
public struct DisplayTiming: Equatable, Sendable, Codable {
  /// Without a control used for this long, the display dims.
  public var dimAfter: Double = 30
  /// Without a control used for this long, it goes dark (0: never).
  public var offAfter: Double = 120
  /// How long a long MENU shows the status before the reading view returns.
  public var statusFor: Double = 5

  public init(dimAfter: Double = 30, offAfter: Double = 120, statusFor: Double = 5) {
    self.dimAfter = dimAfter
    self.offAfter = offAfter
    self.statusFor = statusFor
  }
}
