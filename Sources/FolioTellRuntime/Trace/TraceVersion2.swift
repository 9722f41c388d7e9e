import FolioTellJSON

/// Version 2 traces kept the whole state flat; version 3 keeps it as one state per feature. A version 2
/// header is converted on reading by moving each of its flat fields to where the feature keeps it now;
/// its events and effects are written the same in both.
public enum TraceVersion2 {
  /// Each field of version 2's state that moved, and where it is in version 3's (feature, field).
  public static let moved: [String: (feature: String, field: String)] = [
    "bookID": ("book", "id"), "title": ("book", "title"), "bookPath": ("book", "path"),
    "chapters": ("book", "chapters"), "pages": ("book", "pages"), "notes": ("book", "notes"),
    "paragraphs": ("book", "paragraphs"), "bookLanguage": ("book", "language"),
    "volume": ("settings", "volume"), "pitch": ("settings", "pitch"), "earcons": ("settings", "earcons"),
    "voices": ("settings", "voices"), "voiceIsFixed": ("settings", "voiceIsFixed"),
    "library": ("library", "books"), "openingFromMenu": ("library", "opening"),
    "held": ("controls", "held"), "describer": ("controls", "describer"), "knob": ("controls", "knob"),
    "pushedKnob": ("controls", "pushedKnob"),
    "bookmarks": ("navigation", "bookmarks"), "undoPlace": ("navigation", "undoPlace"),
    "lastJumpTime": ("navigation", "lastJumpTime"),
    "displayTiming": ("display", "timing"),
    "playAfterAnnouncement": ("saying", "playAfterAnnouncement"),
    "resumeAfterSaying": ("saying", "resumeAfterSaying"),
    "pausedAt": ("resume", "pausedAt"), "longPauseSeconds": ("resume", "longPauseSeconds"),
    "missingParts": ("condition", "missingParts"), "storeProblem": ("condition", "storeProblem"),
    "about": ("condition", "about"),
  ]

  /// A version 2 state as version 3 keeps it. Every flat field is taken out before any is put back, so a
  /// field named like the feature it moves into (`library` into `library.books`) is never taken for that
  /// feature. A field the features no longer know stays where it was (and is then ignored, as any unknown
  /// field is).
  public static func converted(_ state: JSONValue) -> JSONValue {
    guard case .object(var members) = state else { return state }
    let taken = moved.keys.sorted().compactMap { name in members.removeValue(forKey: name).map { (name, $0) } }
    for (name, value) in taken {
      guard let place = moved[name] else { continue }
      var feature: [String: JSONValue] = [:]
      if case .object(let existing)? = members[place.feature] { feature = existing }
      feature[place.field] = value
      members[place.feature] = .object(feature)
    }
    return .object(members)
  }
}
