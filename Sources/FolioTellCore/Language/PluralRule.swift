/// Which form of a counted word a number takes (CLDR's plural categories, the ones the box's languages use).
public enum PluralCategory: Sendable, Equatable {
  case one, few, many, other
}

/// The plural rules of the box's languages, after CLDR: English, German and Spanish "1 Kilometer" /
/// "5 Kilometer", French "0 et 1" singular, Russian "1 километр", "2 километра", "5 километров".
public enum PluralRule {
  public static func category(of number: Int, language: String) -> PluralCategory {
    let magnitude = number.magnitude
    switch LanguageForms.base(of: language) {
    case "fr":
      return magnitude <= 1 ? .one : .other
    case "ru":
      let lastDigit = magnitude % 10
      let lastTwo = magnitude % 100
      if lastDigit == 1, lastTwo != 11 { return .one }
      if (2...4).contains(lastDigit), !(12...14).contains(lastTwo) { return .few }
      return .many
    default:
      return magnitude == 1 ? .one : .other
    }
  }

  /// A number with a fraction ("1,5"): Russian takes the genitive singular, the "few" form; the others
  /// their plural.
  public static func categoryOfFraction(language: String) -> PluralCategory {
    LanguageForms.base(of: language) == "ru" ? .few : .other
  }
}

/// A counted word in each of its forms: `one` and `other` ("kilometer", "kilometers"); Russian adds
/// `few` and `many` ("километра", "километров").
public struct CountedWord: Sendable, Equatable {
  public var one: String
  public var few: String
  public var many: String
  public var other: String

  public init(one: String, other: String) {
    self.init(one: one, few: other, many: other, other: other)
  }

  public init(one: String, few: String, many: String, other: String? = nil) {
    self.one = one
    self.few = few
    self.many = many
    self.other = other ?? few
  }

  public func form(_ category: PluralCategory) -> String {
    switch category {
    case .one: one
    case .few: few
    case .many: many
    case .other: other
    }
  }
}
