import FoundationEssentials

/// Amounts of money, in English and German: "$3.5 million" is said "3.5 million dollars", "12,50 €"
/// "12 Euro und 50 Cent". espeak-ng reads the symbol before the number ("dollar three point five
/// million") and German cents as decimals ("zwölf Komma fünf null Euro"). An amount is rewritten only when
/// all of it is understood (the number's grouping, the scale, what stands around it); anything else is left
/// to espeak-ng, which never reads it worse than a half-understood rewrite would.
extension Normalizer {
  struct Currency {
    var one: String
    var many: String
    /// The hundredth part, when there is one (the yen has none in use).
    var cent: (one: String, many: String)?
  }

  struct Scale {
    var one: String
    var many: String
  }

  /// How a language writes and says amounts.
  struct MoneyLanguage {
    var currencies: [Character: Currency]
    /// Scales written with a space before them ("million", "Mio."), by their written form.
    var spacedScales: [String: Scale]
    /// Scales written right after the number ("5M", "3.5bn").
    var attachedScales: [String: Scale]
    var groupSeparator: Character
    var decimalSeparator: Character
    var and: String
    /// "1" before a unit ("ein Euro"), and before a scale ("eine Million").
    var oneUnit: String
    var oneScale: [String: String]
  }

  static let englishMoney = MoneyLanguage(
    currencies: [
      "$": Currency(one: "dollar", many: "dollars", cent: ("cent", "cents")),
      "£": Currency(one: "pound", many: "pounds", cent: ("penny", "pence")),
      "€": Currency(one: "euro", many: "euros", cent: ("cent", "cents")),
      "¥": Currency(one: "yen", many: "yen", cent: nil),
    ],
    spacedScales: [
      "thousand": Scale(one: "thousand", many: "thousand"), "million": Scale(one: "million", many: "million"),
      "billion": Scale(one: "billion", many: "billion"), "trillion": Scale(one: "trillion", many: "trillion"),
    ],
    attachedScales: [
      "k": Scale(one: "thousand", many: "thousand"), "K": Scale(one: "thousand", many: "thousand"),
      "m": Scale(one: "million", many: "million"), "M": Scale(one: "million", many: "million"),
      "mn": Scale(one: "million", many: "million"), "b": Scale(one: "billion", many: "billion"),
      "B": Scale(one: "billion", many: "billion"), "bn": Scale(one: "billion", many: "billion"),
      "tn": Scale(one: "trillion", many: "trillion"),
    ],
    groupSeparator: ",", decimalSeparator: ".", and: "and", oneUnit: "1", oneScale: [:])

  static let germanMoney = MoneyLanguage(
    currencies: [
      "$": Currency(one: "Dollar", many: "Dollar", cent: ("Cent", "Cent")),
      "£": Currency(one: "Pfund", many: "Pfund", cent: ("Penny", "Pence")),
      "€": Currency(one: "Euro", many: "Euro", cent: ("Cent", "Cent")),
      "¥": Currency(one: "Yen", many: "Yen", cent: nil),
    ],
    spacedScales: [
      "Tsd.": Scale(one: "tausend", many: "tausend"), "Tausend": Scale(one: "tausend", many: "tausend"),
      "Mio.": Scale(one: "Million", many: "Millionen"), "Million": Scale(one: "Million", many: "Millionen"),
      "Millionen": Scale(one: "Million", many: "Millionen"), "Mrd.": Scale(one: "Milliarde", many: "Milliarden"),
      "Milliarde": Scale(one: "Milliarde", many: "Milliarden"),
      "Milliarden": Scale(one: "Milliarde", many: "Milliarden"), "Bio.": Scale(one: "Billion", many: "Billionen"),
      "Billion": Scale(one: "Billion", many: "Billionen"), "Billionen": Scale(one: "Billion", many: "Billionen"),
    ],
    attachedScales: [:],
    groupSeparator: ".", decimalSeparator: ",", and: "und",
    // espeak-ng says "1 Euro" as "eins Euro" and "1 Million" as "eins Million".
    oneUnit: "ein", oneScale: ["tausend": "ein", "Million": "eine", "Milliarde": "eine", "Billion": "eine"])

  static func moneyLanguage(_ language: String) -> MoneyLanguage? {
    if language.hasPrefix("en") { return englishMoney }
    if language.hasPrefix("de") { return germanMoney }
    return nil
  }

  func money(in text: String) -> [Substitution] {
    guard let names = Self.moneyLanguage(language),
      text.unicodeScalars.contains(where: { "$£€¥".unicodeScalars.contains($0) })
    else { return [] }
    let group = names.groupSeparator == "." ? "\\." : ","
    let decimal = names.decimalSeparator == "." ? "\\." : ","
    let amount = "(?<amount>[0-9]{1,3}(?:\(group)[0-9]{3})+(?:\(decimal)[0-9]+)?|[0-9]+(?:\(decimal)[0-9]+)?)"
    // Longest first, so "Millionen" is not taken for "Million" and "bn" not for "b".
    func alternatives(_ words: [String]) -> String {
      words.sorted { $0.count > $1.count }.map(Self.escapedPattern).joined(separator: "|")
    }
    var scales: [String] = []
    if !names.spacedScales.isEmpty { scales.append("[ \u{00A0}](?:\(alternatives(Array(names.spacedScales.keys))))") }
    if !names.attachedScales.isEmpty { scales.append("(?:\(alternatives(Array(names.attachedScales.keys))))") }
    let scale = "(?<scale>\(scales.joined(separator: "|")))?"
    let space = "[ \u{00A0}]?"
    let patterns = [
      "(?<symbol>[$£€¥])\(space)\(amount)\(scale)",
      "\(amount)\(scale)\(space)(?<symbol>[$£€¥])",
    ]
    var found: [Substitution] = []
    for pattern in patterns {
      guard let regex = try? Regex(pattern) else { continue }
      for match in text.matches(of: regex) {
        guard Self.standsAlone(match.range, in: text),
          let symbol = match.output["symbol"]?.substring?.first, let currency = names.currencies[symbol],
          let amount = match.output["amount"]?.substring
        else { continue }
        let scale = match.output["scale"]?.substring.map { String($0.filter { !$0.isWhitespace }) }
        guard let spoken = Self.say(amount: String(amount), scale: scale, currency: currency, in: names) else {
          continue
        }
        found.append(Substitution(original: span(match.range, in: text), spoken: spoken))
      }
    }
    return found
  }

  /// Nothing that would make the amount part of something longer: a letter or digit next to it, a
  /// separator and more digits ("$1,23", "5.5.5 €"), a range ("$5-10"), a percent or another symbol.
  static func standsAlone(_ range: Range<String.Index>, in text: String) -> Bool {
    func isDigit(_ character: Character?) -> Bool { character.map { $0.isASCII && $0.isNumber } ?? false }
    let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
    if let before {
      if before.isLetter || before.isNumber || before == "_" || "$£€¥".contains(before) { return false }
      // More digits before a separator, or the first half of a range ("$5–$10").
      if ".,-\u{2013}".contains(before) {
        let start = text.index(before: range.lowerBound)
        let first = start > text.startIndex ? text[text.index(before: start)] : nil
        if isDigit(first) || (before != "." && before != "," && first.map { "$£€¥".contains($0) } ?? false) {
          return false
        }
      }
    }
    guard range.upperBound < text.endIndex else { return true }
    let after = text[range.upperBound]
    if after.isLetter || after.isNumber || after == "_" || "$£€¥%".contains(after) { return false }
    let next = text.index(after: range.upperBound)
    let second = next < text.endIndex ? text[next] : nil
    if ".,".contains(after), isDigit(second) { return false }
    if "-\u{2013}".contains(after), let second, isDigit(second) || "$£€¥".contains(second) { return false }
    return true
  }

  /// The amount in words espeak-ng reads well, or nil when it is not understood.
  static func say(amount: String, scale: String?, currency: Currency, in names: MoneyLanguage) -> String? {
    let parts = amount.split(separator: names.decimalSeparator, omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return nil }
    let whole = parts[0].filter { $0 != names.groupSeparator }
    let fraction = parts.count == 2 ? String(parts[1]) : ""
    guard !whole.isEmpty, whole.allSatisfy(\.isASCII) else { return nil }
    let number = fraction.isEmpty ? whole : whole + String(names.decimalSeparator) + fraction
    if let scale {
      guard let scaleWords = names.spacedScales[scale] ?? names.attachedScales[scale] else { return nil }
      if number == "1" {
        let one = names.oneScale[scaleWords.one] ?? "1"
        // German writes "eintausend" as one word; the other scales stand apart.
        let separator = scaleWords.one == "tausend" ? "" : " "
        return one + separator + scaleWords.one + " " + currency.many
      }
      return number + " " + scaleWords.many + " " + currency.many
    }
    func units(_ count: String, _ one: String, _ many: String) -> String {
      count == "1" ? "\(names.oneUnit) \(one)" : "\(count) \(many)"
    }
    guard fraction.count == 2, let cent = currency.cent, let cents = Int(fraction) else {
      return fraction.isEmpty ? units(whole, currency.one, currency.many) : "\(number) \(currency.many)"
    }
    var words: [String] = []
    // Leading zeros are not said ("007" dollars is 7); a lone zero is.
    let wholeNumber = String(whole.drop { $0 == "0" }).isEmpty ? "0" : String(whole.drop { $0 == "0" })
    if wholeNumber != "0" || cents == 0 { words.append(units(wholeNumber, currency.one, currency.many)) }
    if cents > 0 { words.append(units(String(cents), cent.one, cent.many)) }
    return words.joined(separator: " \(names.and) ")
  }
}
