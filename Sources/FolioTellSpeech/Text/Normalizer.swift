import FolioTellCore
import FolioTellUnicode
import FoundationEssentials
import Glibc

/// Pronunciations the listener chose: a word (matched whole, ignoring case) or a /pattern/ (a regular
/// expression, `$1`... for its groups), and how to say it. Read from a text file, one rule per line:
///
///     # comments and blank lines are ignored; so is what follows " #" after the spoken form
///     Hermione = her my oh knee
///     /\bch\. ?(\d+)/ = chapter $1
public struct Lexicon: Sendable {
  public struct Rule: Sendable {
    public var pattern: String
    public var spoken: String
    public var isPattern: Bool
  }

  public struct ParseError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "lexicon line \(line): \(message)" }
  }

  public private(set) var rules: [Rule] = []
  public static let empty = Lexicon()

  public init() {}

  /// Reads the lexicon format. Bad lines are collected in `problems`; the good rules are all kept.
  public init(parsing text: String, problems: inout [ParseError]) {
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let equals = line.firstRange(of: " = ") ?? line.firstRange(of: "=") else {
        problems.append(ParseError(line: index + 1, message: "expected 'word = how to say it', found '\(line)'"))
        continue
      }
      let left = line[..<equals.lowerBound].trimmingSpaces()
      var right = line[equals.upperBound...].trimmingSpaces()
      if let comment = right.firstRange(of: " #") {
        right = right[..<comment.lowerBound].trimmingSpaces()
      }
      guard !left.isEmpty else {
        problems.append(ParseError(line: index + 1, message: "nothing before '=' to pronounce"))
        continue
      }
      if left.count > 2, left.hasPrefix("/"), left.hasSuffix("/") {
        let pattern = String(left.dropFirst().dropLast())
        do {
          _ = try Regex(pattern)
        } catch {
          problems.append(ParseError(line: index + 1, message: "'\(pattern)' is not a valid regular expression"))
          continue
        }
        rules.append(Rule(pattern: pattern, spoken: right, isPattern: true))
      } else {
        rules.append(Rule(pattern: left, spoken: right, isPattern: false))
      }
    }
  }
}

/// Finds what espeak-ng would read badly or what the listener asked to hear differently, as substitutions
/// over the book's own offsets. The listener's lexicon comes first; then money for English and German voices;
/// then, for English voices, "St." / "Dr." as street or saint, drive or doctor, from context; then the
/// abbreviations, units and dates of the voice's language.
public struct Normalizer: Sendable {
  public var lexicon: Lexicon
  public var language: String

  public init(lexicon: Lexicon = .empty, language: String = "en") {
    self.lexicon = lexicon
    self.language = language.lowercased()
  }

  /// The spoken form of `scalars`, which start at book offset `base`.
  public func spokenText(for scalars: [Unicode.Scalar], base: Int = 0) -> SpokenText {
    SpokenText(book: scalars, base: base, substitutions: substitutions(in: scalars))
  }

  public func substitutions(in scalars: [Unicode.Scalar]) -> [Substitution] {
    let text = String(String.UnicodeScalarView(scalars))
    // Decomposed accents first: espeak-ng counts a base letter and its combining mark as two characters
    // but reads them as one, which would shift every later word.
    var found: [Substitution] = composed(scalars)
    for rule in lexicon.rules { found += lexiconMatches(rule, in: text) }
    // Money in English and German (see Normalizer+Money.swift).
    found += money(in: text)
    // "St." and "Dr." in English, from context; only where the mark is: a chunk is mostly plain words.
    if language.hasPrefix("en"), text.contains("St.") || text.contains("Dr.") { found += abbreviations(in: text) }
    // Each language's abbreviations, units and dates (see Normalizer+Forms.swift).
    found += languageForms(in: scalars, text: text)
    // Earlier rules win where they overlap: the listener's lexicon over the built-in fixes.
    var chosen: [Substitution] = []
    for candidate in found where !chosen.contains(where: { overlaps($0.original, candidate.original) }) {
      chosen.append(candidate)
    }
    return chosen.sorted { $0.original.start < $1.original.start }
  }

  private func overlaps(_ a: TextSpan, _ b: TextSpan) -> Bool { a.start < b.end && b.start < a.end }

  /// Each letter followed by combining marks, where Unicode composes it into fewer characters (NFC).
  private func composed(_ scalars: [Unicode.Scalar]) -> [Substitution] {
    var result: [Substitution] = []
    var index = 0
    while index < scalars.count {
      var end = index + 1
      while end < scalars.count, scalars[end].properties.canonicalCombiningClass != .notReordered { end += 1 }
      if end > index + 1 {
        let cluster = String(String.UnicodeScalarView(scalars[index..<end]))
        let nfc = cluster.canonicallyComposed
        if nfc.unicodeScalars.count != end - index {
          result.append(Substitution(original: TextSpan(start: index, end: end), spoken: nfc))
        }
      }
      index = end
    }
    return result
  }

  func span(_ range: Range<String.Index>, in text: String) -> TextSpan {
    let scalars = text.unicodeScalars
    let start = scalars.distance(from: scalars.startIndex, to: range.lowerBound)
    return TextSpan(start: start, end: start + scalars.distance(from: range.lowerBound, to: range.upperBound))
  }

  private func lexiconMatches(_ rule: Lexicon.Rule, in text: String) -> [Substitution] {
    let regex: Regex<AnyRegexOutput>
    do {
      if rule.isPattern {
        regex = try Regex(rule.pattern)
      } else {
        regex = try Regex("\\b" + Self.escapedPattern(rule.pattern) + "\\b").ignoresCase()
      }
    } catch {
      return []
    }
    return text.matches(of: regex).map { match in
      var spoken = rule.spoken
      if rule.isPattern {
        for group in stride(from: match.output.count - 1, through: 1, by: -1) {
          spoken = spoken.replacing(
            "$\(group)", with: match.output[group].substring.map(String.init) ?? "")
        }
      }
      return Substitution(original: span(match.range, in: text), spoken: spoken)
    }
  }

  /// "St." before a name is a saint ("St. Paul", "In St. Louis"), otherwise after a name or a number a
  /// street ("Baker St.", "5th St."); "Dr." likewise a doctor or a drive.
  private func abbreviations(in text: String) -> [Substitution] {
    let regex = /(?<before>[\p{L}\d]+\s+)?(?<word>St|Dr)\.(?<after>\s+\p{Lu})?/
    return text.matches(of: regex).compactMap { match in
      let isStreet = match.output.word == "St"
      let before = match.output.before.map { String($0).trimmingSpaces() }
      let afterPlace = before.map { $0.first!.isUppercase || $0.first!.isNumber } ?? false
      let beforeName = match.output.after != nil
      // Before a name it is a title, whatever comes before ("In St. Louis", "Then Dr. Watson").
      let spoken =
        beforeName ? (isStreet ? "Saint" : "Doctor") : afterPlace ? (isStreet ? "Street" : "Drive") : nil
      guard let spoken else { return nil }
      let wordStart = match.output.word.startIndex
      let wordEnd = text.unicodeScalars.index(after: match.output.word.endIndex)
      return Substitution(original: span(wordStart..<wordEnd, in: text), spoken: spoken)
    }
  }
}

extension Normalizer {
  /// A lexicon word as a regular expression that matches only itself.
  static func escapedPattern(_ literal: String) -> String {
    var pattern = ""
    for character in literal {
      if "\\^$.|?*+()[]{}".contains(character) { pattern.append("\\") }
      pattern.append(character)
    }
    return pattern
  }
}
