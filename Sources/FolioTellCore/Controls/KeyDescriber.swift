/// The key describer: on since `lastPress` (or its start); it goes off after `timeout` without a press.
public struct KeyDescriber: Equatable, Sendable, Codable {
  public static let timeout = 30.0
  public var lastPress: Double
  /// Reading was going on when it was turned on: it goes on when the describer is left.
  public var resumeReading: Bool

  public init(lastPress: Double, resumeReading: Bool = false) {
    self.lastPress = lastPress
    self.resumeReading = resumeReading
  }

  public func hasTimedOut(at time: Double) -> Bool { time - lastPress >= Self.timeout }

  /// Traces written before `resumeReading` was kept read as not reading.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    lastPress = try container.decode(Double.self, forKey: .lastPress)
    resumeReading = try container.decodeIfPresent(Bool.self, forKey: .resumeReading) ?? false
  }
}
