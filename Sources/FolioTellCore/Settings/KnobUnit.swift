/// What a detent of the knob, and a NEXT or PREVIOUS, moves the place by: a sentence, a paragraph, a
/// chapter (a heading of any level), a page of the print edition, or the headings down to a level (a
/// DAISY book's `h1` to `h6`: level 2 stops at the headings of levels 1 and 2).
public enum KnobUnit: String, Equatable, Sendable, CaseIterable, Codable {
  case sentence, paragraph, chapter, page, level1, level2, level3, level4, level5, level6
  /// Narrated time: back and forward by 10 seconds, or by one minute.
  case tenSeconds, minute

  /// The deepest heading level this unit stops at; nil when it is not a heading level.
  public var level: Int? {
    switch self {
    case .level1: 1
    case .level2: 2
    case .level3: 3
    case .level4: 4
    case .level5: 5
    case .level6: 6
    case .sentence, .paragraph, .chapter, .page, .tenSeconds, .minute: nil
    }
  }

  /// The narrated seconds this unit moves by; nil when it is not a time.
  public var seconds: Double? {
    switch self {
    case .tenSeconds: 10
    case .minute: 60
    default: nil
    }
  }

  public static func level(_ level: Int) -> KnobUnit {
    [.level1, .level2, .level3, .level4, .level5, .level6][min(max(level, 1), 6) - 1]
  }

  /// The units a book offers, in the order a long push of the knob goes through them: sentence and
  /// paragraph; its heading levels (or its chapters, when they are all of one level); its pages; and, for a
  /// narrated book, 10 seconds and one minute.
  public static func offered(by book: OpenBook, narrated: Bool = false) -> [KnobUnit] {
    var units: [KnobUnit] = [.sentence, .paragraph]
    let deepest = book.chapters.map(\.level).max() ?? 0
    if deepest > 1 {
      units += (1...deepest).map(KnobUnit.level)
    } else if !book.chapters.isEmpty {
      units.append(.chapter)
    }
    if !book.pages.isEmpty { units.append(.page) }
    if narrated { units += [.tenSeconds, .minute] }
    return units
  }
}
