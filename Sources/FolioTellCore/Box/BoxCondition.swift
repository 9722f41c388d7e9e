/// What the box knows of itself: parts that are missing, a store that cannot keep places, and the facts
/// the About page says.
public struct BoxCondition: Equatable, Sendable, Codable {
  /// What is missing or broken, in words ("The buttons are not working"), said with the greeting.
  public var missingParts: [MissingPart] = []
  /// Why positions cannot be kept right now (a read-only or full disk); reading goes on regardless.
  public var storeProblem: String?
  /// The version and free space, as the About page says them (asked for when it is entered).
  public var about: SystemFacts?

  public init() {}
}
