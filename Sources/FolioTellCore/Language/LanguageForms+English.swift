extension LanguageForms {
  static let english = LanguageForms(
    code: "en",
    abbreviations: [
      // "St." and "Dr." are a saint or a street, a doctor or a drive: the normalizer tells which from context.
      Abbreviation("Mr"), Abbreviation("Mrs"), Abbreviation("Ms"), Abbreviation("Dr"), Abbreviation("St"),
      Abbreviation("Prof", "Professor"), Abbreviation("Jr", "Junior"), Abbreviation("Sr", "Senior"),
      Abbreviation("Capt", "Captain"), Abbreviation("Col", "Colonel"), Abbreviation("Lt", "Lieutenant"),
      Abbreviation("Sgt", "Sergeant"), Abbreviation("Gen"), Abbreviation("Rev", "Reverend"), Abbreviation("Mt", "Mount"),
      Abbreviation("Gov", "Governor"), Abbreviation("Messrs", "Messieurs"),
      Abbreviation("e.g"), Abbreviation("i.e", "that is"), Abbreviation("cf", "compare"), Abbreviation("vs", "versus"),
      Abbreviation("approx", "approximately"), Abbreviation("fig", "figure"), Abbreviation("no"),
      Abbreviation("vol", "volume"), Abbreviation("ch", "chapter"), Abbreviation("pp", "pages"),
      Abbreviation("etc", sentence: .mayEnd),
    ],
    units: [
      Unit("km", CountedWord(one: "kilometer", other: "kilometers")),
      Unit("cm", CountedWord(one: "centimeter", other: "centimeters")),
      Unit("mm", CountedWord(one: "millimeter", other: "millimeters")),
      Unit("kg", CountedWord(one: "kilogram", other: "kilograms")),
      Unit("mg", CountedWord(one: "milligram", other: "milligrams")),
      Unit("ml", CountedWord(one: "milliliter", other: "milliliters")),
      Unit("km/h", CountedWord(one: "kilometer per hour", other: "kilometers per hour")),
      Unit("mph", CountedWord(one: "mile per hour", other: "miles per hour")),
      Unit("°C", CountedWord(one: "degree Celsius", other: "degrees Celsius")),
      Unit("°F", CountedWord(one: "degree Fahrenheit", other: "degrees Fahrenheit")),
    ],
    months: [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
      "December",
    ],
    dateOrder: .english,
    date: { day, month, year in "\(month) \(englishOrdinal(day)), \(year)" })

  /// "1st", "22nd", "13th": the voices say these as ordinals.
  public static func englishOrdinal(_ day: Int) -> String {
    let suffix: String
    switch (day % 10, day % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(day)\(suffix)"
  }
}
