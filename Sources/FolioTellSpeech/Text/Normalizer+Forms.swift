import FolioTellCore

/// Abbreviations, units and dates, from the voice's language's table (`LanguageForms`): "Dr. Müller" is
/// "Doktor Müller", "z. B." "zum Beispiel", "5 km" "5 Kilometer", "10 км" "10 километров", "21.03.2022"
/// "21. März 2022", "12/25/1990" "December 25th, 1990". A language the box has no table for is left to
/// espeak-ng: English rules would only be wrong there.
extension Normalizer {
  func languageForms(in scalars: [Unicode.Scalar], text: String) -> [Substitution] {
    guard LanguageForms.has(language) else { return [] }
    let forms = LanguageForms.of(language)
    var found: [Substitution] = []
    if text.contains("/") || text.contains(".") { found += dates(in: text, forms) }
    found += units(in: scalars, forms)
    if text.contains(".") { found += abbreviations(in: scalars, forms) }
    return found
  }

  private func abbreviations(in scalars: [Unicode.Scalar], _ forms: LanguageForms) -> [Substitution] {
    var found: [Substitution] = []
    for dot in scalars.indices where scalars[dot] == "." {
      guard let (abbreviation, start) = forms.abbreviation(endingAt: dot, in: scalars) else { continue }
      var spoken = abbreviation.spoken
      if let number = number(endingBefore: start, in: scalars), let afterNumber = abbreviation.spokenAfterNumber {
        spoken = afterNumber
        if let (preposition, form) = abbreviation.spokenAfterPreposition,
          word(endingBefore: number, in: scalars)?.lowercased() == preposition
        {
          spoken = form
        }
      }
      guard var spoken else { continue }
      // Written with a capital (a title, a sentence's start), said as a word with one.
      if scalars[start].properties.isUppercase, let first = spoken.first, first.isLowercase {
        spoken = first.uppercased() + spoken.dropFirst()
      }
      found.append(Substitution(original: TextSpan(start: start, end: dot + 1), spoken: spoken + ending(after: dot, scalars)))
    }
    // "p. ex." is one abbreviation, not "p." (page) and then "ex.": the longer one wins.
    return found.filter { inner in
      !found.contains { $0.original != inner.original && $0.original.start <= inner.original.start && inner.original.end <= $0.original.end }
    }
  }

  private func units(in scalars: [Unicode.Scalar], _ forms: LanguageForms) -> [Substitution] {
    var found: [Substitution] = []
    var index = 0
    while index < scalars.count {
      guard isDigit(scalars[index]), index == 0 || !scalars[index - 1].properties.isAlphabetic else {
        index += 1
        continue
      }
      let numberStart = index
      while index < scalars.count, isDigit(scalars[index]) { index += 1 }
      var hasFraction = false
      if index + 1 < scalars.count, scalars[index] == "." || scalars[index] == ",", isDigit(scalars[index + 1]) {
        hasFraction = true
        index += 1
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
      }
      let wholePart = Int(String(String.UnicodeScalarView(scalars[numberStart..<index])).prefix { $0.isNumber })
      var unitStart = index
      if unitStart < scalars.count, scalars[unitStart] == " " || scalars[unitStart] == "\u{A0}" { unitStart += 1 }
      guard let wholePart, let (unit, end) = forms.unit(at: unitStart, in: scalars) else { continue }
      let category =
        hasFraction
        ? PluralRule.categoryOfFraction(language: language) : PluralRule.category(of: wholePart, language: language)
      var spoken = unit.word.form(category)
      if scalars[end - 1] == "." { spoken += ending(after: end - 1, scalars) }
      // Written against the number ("5km"), the word still needs its space.
      if unitStart == index { spoken = " " + spoken }
      found.append(Substitution(original: TextSpan(start: unitStart, end: end), spoken: spoken))
      index = end
    }
    return found
  }

  private func dates(in text: String, _ forms: LanguageForms) -> [Substitution] {
    let regex = /\b(\d{1,2})([.\/])(\d{1,2})([.\/])(\d{4})\b/
    return text.matches(of: regex).compactMap { match in
      guard match.output.2 == match.output.4, let first = Int(match.output.1), let second = Int(match.output.3) else {
        return nil
      }
      let separator = match.output.2.first!
      let day: Int
      let month: Int
      switch forms.dateOrder {
      case .english:
        guard separator == "/" else { return nil }
        // The voice's order first (day first for British English); the other where only it is a date:
        // 12/25/1990 is the 25th of December for any voice, since 25 cannot be a month.
        let dayFirst = Self.isDayFirstEnglish(language)
        let preferred = dayFirst ? (day: first, month: second) : (day: second, month: first)
        let other = (day: preferred.month, month: preferred.day)
        guard let chosen = [preferred, other].first(where: { Self.isDate(day: $0.day, month: $0.month) }) else {
          return nil
        }
        (day, month) = (chosen.day, chosen.month)
      case .dayMonthYear(let separators):
        guard separators.contains(separator), Self.isDate(day: first, month: second) else { return nil }
        (day, month) = (first, second)
      }
      let britishEnglish = forms.code == "en" && Self.isDayFirstEnglish(language)
      let spoken =
        britishEnglish
        ? "the \(LanguageForms.englishOrdinal(day)) of \(forms.months[month - 1]) \(match.output.5)"
        : forms.date(day, forms.months[month - 1], String(match.output.5))
      return Substitution(original: span(match.range, in: text), spoken: spoken)
    }
  }

  /// British, Irish and the other voices of English that write the day first.
  static func isDayFirstEnglish(_ language: String) -> Bool {
    ["en-gb", "en-uk", "en-ie", "en-029", "en-gb-scotland", "en-gb-x"].contains { language.hasPrefix($0) }
  }

  static func isDate(day: Int, month: Int) -> Bool { (1...12).contains(month) && (1...31).contains(day) }

  private func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  /// Where a number ends right before `index` (after white space), the number's start.
  private func number(endingBefore index: Int, in scalars: [Unicode.Scalar]) -> Int? {
    var position = index
    while position > 0, scalars[position - 1].properties.isWhitespace { position -= 1 }
    guard position > 0, isDigit(scalars[position - 1]) else { return nil }
    while position > 0, isDigit(scalars[position - 1]) { position -= 1 }
    return position
  }

  private func word(endingBefore index: Int, in scalars: [Unicode.Scalar]) -> String? {
    var end = index
    while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
    var start = end
    while start > 0, scalars[start - 1].properties.isAlphabetic { start -= 1 }
    return start < end ? String(String.UnicodeScalarView(scalars[start..<end])) : nil
  }

  /// A dot that ends the sentence as well as an abbreviation stays, so the voice still ends the sentence.
  private func ending(after dot: Int, _ scalars: [Unicode.Scalar]) -> String {
    let rest = scalars[(dot + 1)...]
    return rest.allSatisfy({ $0.properties.isWhitespace || "\"'”’»)".unicodeScalars.contains($0) }) ? "." : ""
  }
}
