/// A part of the box that is not working, said with the greeting until it is put right. The raw values
/// are the English words traces before the box had languages recorded.
public enum MissingPart: String, Equatable, Sendable, Codable, CaseIterable {
  case display = "The display is not working"
  case controls = "No buttons, knob or keyboard were found"
  case controlsNotWorking = "The buttons and the knob are not working"

  /// A part named in words by an older box: its own words, else the display or the controls by name.
  public init(recorded words: String) {
    self = MissingPart(rawValue: words) ?? (words.lowercased().contains("display") ? .display : .controlsNotWorking)
  }

  var phrase: PhraseKey {
    switch self {
    case .display: return .displayNotWorking
    case .controls: return .noControlsFound
    case .controlsNotWorking: return .controlsNotWorking
    }
  }
}
