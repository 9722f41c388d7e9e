extension LanguageForms {
  static let french = LanguageForms(
    code: "fr",
    abbreviations: [
      Abbreviation("M", "Monsieur"), Abbreviation("MM", "Messieurs"), Abbreviation("Mme", "Madame"),
      Abbreviation("Mlle", "Mademoiselle"), Abbreviation("Dr", "Docteur"),
      Abbreviation("Pr", "Professeur"), Abbreviation("St", "Saint"), Abbreviation("Ste", "Sainte"),
      Abbreviation("p. ex", "par exemple"), Abbreviation("c.-à-d", "c'est-à-dire"), Abbreviation("cf", "voir"),
      Abbreviation("av", "avenue"), Abbreviation("bd", "boulevard"), Abbreviation("env", "environ"),
      Abbreviation("vol", "volume"), Abbreviation("chap", "chapitre"), Abbreviation("p", "page"),
      Abbreviation("etc", "et cetera", sentence: .mayEnd),
    ],
    units: [
      Unit("km", CountedWord(one: "kilomètre", other: "kilomètres")),
      Unit("m", CountedWord(one: "mètre", other: "mètres")),
      Unit("cm", CountedWord(one: "centimètre", other: "centimètres")),
      Unit("mm", CountedWord(one: "millimètre", other: "millimètres")),
      Unit("kg", CountedWord(one: "kilogramme", other: "kilogrammes")),
      Unit("g", CountedWord(one: "gramme", other: "grammes")),
      Unit("l", CountedWord(one: "litre", other: "litres")),
      Unit("ml", CountedWord(one: "millilitre", other: "millilitres")),
      Unit("km/h", CountedWord(one: "kilomètre à l'heure", other: "kilomètres à l'heure")),
      Unit("°C", CountedWord(one: "degré Celsius", other: "degrés Celsius")),
    ],
    months: [
      "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
      "décembre",
    ],
    dateOrder: .dayMonthYear(separators: ["/", "."]),
    date: { day, month, year in "\(day == 1 ? "1er" : String(day)) \(month) \(year)" })
}
