/// The key describer: on since `lastPress` (or its start); it goes off after `timeout` without a press.
public struct KeyDescriber: Equatable, Sendable, Codable {
  public static let timeout = 30.0
  public var lastPress: Double

  public init(lastPress: Double) { self.lastPress = lastPress }

  public func hasTimedOut(at time: Double) -> Bool { time - lastPress >= Self.timeout }
}
