/// A page of the print edition: its label ("iv", "12") and where it starts (Unicode scalars).
public struct PageMark: Equatable, Sendable, Codable {
  public var label: String
  public var start: Int

  public init(label: String, start: Int) {
    self.label = label
    self.start = start
  }
}
