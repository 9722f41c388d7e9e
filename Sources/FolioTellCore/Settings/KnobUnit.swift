/// What a detent of the knob moves the place by.
public enum KnobUnit: String, Equatable, Sendable, CaseIterable, Codable {
  case sentence, paragraph, chapter
}
