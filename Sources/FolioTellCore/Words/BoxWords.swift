/// The box's words in its language: a phrase's template filled in. A book's own text inside them (a title)
/// is marked with the book's language (`SpokenLanguages`), so it is said with a voice of that language.
public struct BoxWords: Sendable {
  public let table: WordTable

  public init(language: String) {
    self.table = WordTable.of(language)
  }

  public var language: String { table.language }

  public func callAsFunction(_ key: PhraseKey, _ arguments: PhraseArgument...) -> String {
    phrase(key, arguments)
  }

  public func phrase(_ key: PhraseKey, _ arguments: [PhraseArgument]) -> String {
    // A table without the key is caught by the tests; English is better than silence meanwhile.
    let template = table.phrases[key] ?? WordTable.english.phrases[key] ?? key.rawValue
    guard !arguments.isEmpty else { return template }
    var said = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      said += rest[..<open]
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}"), let number = Int(rest[afterOpen..<close]),
        number >= 1, number <= arguments.count
      else {
        said.append("{")
        rest = rest[afterOpen...]
        continue
      }
      said += text(of: arguments[number - 1])
      rest = rest[rest.index(after: close)...]
    }
    return said + rest
  }

  /// "5 minutes", "5 минут".
  public func count(_ number: Int, _ noun: CountedNoun) -> String {
    "\(number) " + form(of: noun, PluralRule.category(of: number, language: language))
  }

  public func text(of argument: PhraseArgument) -> String {
    switch argument {
    case .number(let number): return String(number)
    case .count(let number, let noun): return count(number, noun)
    case .tenths(let tenths, let noun):
      guard tenths % 10 != 0 else { return count(tenths / 10, noun) }
      let number = "\(tenths / 10)\(table.decimalMark)\(tenths % 10)"
      return number + " " + form(of: noun, PluralRule.categoryOfFraction(language: language))
    case .words(let words): return words
    case .book(let text, let bookLanguage): return SpokenLanguages.mark(text, language: bookLanguage, within: language)
    }
  }

  /// "on" or "off".
  public func onOff(_ on: Bool) -> String { phrase(on ? .on : .off, []) }

  /// A duration: "less than a minute", "1 minute", "2 hours and 5 minutes".
  public func duration(minutes: Int) -> String {
    if minutes < 1 { return phrase(.lessThanAMinute, []) }
    let hours = minutes / 60
    let rest = minutes % 60
    guard hours > 0 else { return count(rest, .minute) }
    return rest == 0 ? count(hours, .hour) : self(.timeAnd, .count(hours, .hour), .count(rest, .minute))
  }

  private func form(of noun: CountedNoun, _ category: PluralCategory) -> String {
    (table.nouns[noun] ?? WordTable.english.nouns[noun]!).form(category)
  }
}
