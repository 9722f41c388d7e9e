/// The reading view's text size: a step from the config's reading size (`display.readingSize`).
public enum TextSize: String, Equatable, Sendable, CaseIterable, Codable {
  case small, normal, large, larger

  /// Points added to the reading size.
  public var step: Int {
    switch self {
    case .small: return -4
    case .normal: return 0
    case .large: return 4
    case .larger: return 8
    }
  }

  /// The next size, round again after the largest.
  public var next: TextSize {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}
