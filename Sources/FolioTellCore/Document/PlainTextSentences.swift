/// Splits plain prose into sentences, good enough for the simulator's sample and plain notes:
/// a sentence ends at `.`, `!`, `?` or `…` (with any closing quotes or brackets) before white space,
/// unless the word is a known abbreviation or an initial, or the next sentence would start in lower case;
/// a blank line always ends one.
public enum PlainTextSentences {
  static let abbreviations: Set<String> = [
    "mr", "mrs", "ms", "dr", "st", "prof", "jr", "sr", "vs", "etc", "e.g", "i.e", "no", "mt", "fig", "cf",
    "capt", "col", "gen", "lt", "rev", "hon", "ave", "inc", "ltd", "co", "z.b", "usw", "bzw", "sra", "srta",
  ]
  static let terminators: Set<Unicode.Scalar> = [".", "!", "?", "\u{2026}"]
  static let closers: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "\u{201D}", "\u{2019}", "\u{00BB}"]

  public static func sentences(in text: String) -> [TextSpan] {
    let scalars = Array(text.unicodeScalars)
    var spans: [TextSpan] = []
    var start: Int? = nil
    var index = 0
    func close(at end: Int) {
      if let begun = start, end > begun { spans.append(TextSpan(start: begun, end: end)) }
      start = nil
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar.properties.isWhitespace {
        if scalar == "\n", start != nil, isBlankLineAhead(scalars, after: index) {
          close(at: trimmedEnd(scalars, start: start!, end: index))
        }
        index += 1
        continue
      }
      if start == nil { start = index }
      guard terminators.contains(scalar) else {
        index += 1
        continue
      }
      var end = index + 1
      while end < scalars.count, terminators.contains(scalars[end]) || closers.contains(scalars[end]) { end += 1 }
      let atBoundary = end == scalars.count || scalars[end].properties.isWhitespace
      if atBoundary, !continuesSentence(scalars, terminatorAt: index, nextFrom: end, start: start!) {
        close(at: end)
      }
      index = end
    }
    if let begun = start { close(at: trimmedEnd(scalars, start: begun, end: scalars.count)) }
    return spans
  }

  private static func isBlankLineAhead(_ scalars: [Unicode.Scalar], after newline: Int) -> Bool {
    var index = newline + 1
    while index < scalars.count, scalars[index] != "\n", scalars[index].properties.isWhitespace { index += 1 }
    return index < scalars.count && scalars[index] == "\n"
  }

  private static func trimmedEnd(_ scalars: [Unicode.Scalar], start: Int, end: Int) -> Int {
    var end = end
    while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
    return end
  }

  private static func continuesSentence(
    _ scalars: [Unicode.Scalar], terminatorAt dot: Int, nextFrom: Int, start: Int
  ) -> Bool {
    if scalars[dot] == "." {
      var wordStart = dot
      while wordStart > start, !scalars[wordStart - 1].properties.isWhitespace,
        !closers.contains(scalars[wordStart - 1]), scalars[wordStart - 1] != "("
      {
        wordStart -= 1
      }
      let word = String(String.UnicodeScalarView(scalars[wordStart..<dot])).lowercased()
      if abbreviations.contains(word) { return true }
      let letters = scalars[wordStart..<dot]
      if letters.count == 1, letters.first!.properties.isUppercase { return true }
    }
    var next = nextFrom
    while next < scalars.count, scalars[next].properties.isWhitespace {
      if scalars[next] == "\n", isBlankLineAhead(scalars, after: next) { return false }
      next += 1
    }
    guard next < scalars.count else { return false }
    return scalars[next].properties.isLowercase
  }
}
