extension LanguageForms {
  /// The abbreviation whose dot is at `dot` in `scalars` (the longest, "и т. д" before "т. д"), with where
  /// it starts. The first letter matches in either case ("Z. B." at a sentence's start), a space of the
  /// written form matches any white space or none ("z.B."), and the abbreviation must start a word.
  public func abbreviation(endingAt dot: Int, in text: [Unicode.Scalar]) -> (abbreviation: Abbreviation, start: Int)? {
    guard dot < text.count, text[dot] == "." else { return nil }
    var best: (abbreviation: Abbreviation, start: Int)?
    for candidate in abbreviations {
      guard let start = Self.match(candidate.pattern, before: dot, in: text, insideWords: candidate.endsCompounds)
      else { continue }
      if best == nil || start < best!.start { best = (candidate, start) }
    }
    return best
  }

  static func match(_ pattern: [Unicode.Scalar], before end: Int, in text: [Unicode.Scalar], insideWords: Bool) -> Int? {
    var position = end
    var index = pattern.count - 1
    while index >= 0 {
      let wanted = pattern[index]
      if wanted == " " {
        while position > 0, text[position - 1].properties.isWhitespace { position -= 1 }
        index -= 1
        continue
      }
      guard position > 0 else { return nil }
      let found = text[position - 1]
      let same =
        found == wanted
        || (index == 0 && found.properties.lowercaseMapping == wanted.properties.lowercaseMapping)
      guard same else { return nil }
      position -= 1
      index -= 1
    }
    if position > 0, !insideWords {
      let before = text[position - 1].properties
      if before.isAlphabetic || before.numericType != nil { return nil }
    }
    return position
  }

  /// The unit written at `start` right after a number (after at most one space), with where it ends:
  /// the unit must end a word ("5 km," but not "5 kmh").
  public func unit(at start: Int, in text: [Unicode.Scalar]) -> (unit: Unit, end: Int)? {
    var best: (unit: Unit, end: Int)?
    for unit in units {
      let symbol = Array(unit.symbol.unicodeScalars)
      let end = start + symbol.count
      guard end <= text.count, Array(text[start..<end]) == symbol else { continue }
      if end < text.count {
        let after = text[end].properties
        if after.isAlphabetic || after.numericType != nil { continue }
      }
      if best == nil || end > best!.end { best = (unit, end) }
    }
    return best
  }
}
