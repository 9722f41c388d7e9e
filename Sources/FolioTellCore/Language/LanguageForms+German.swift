extension LanguageForms {
  static let german = LanguageForms(
    code: "de",
    abbreviations: [
      Abbreviation("Dr", "Doktor"), Abbreviation("Prof", "Professor"), Abbreviation("Hr", "Herr"),
      Abbreviation("Fr", "Frau"), Abbreviation("Nr", "Nummer"), Abbreviation("St", "Sankt"),
      Abbreviation("z. B", "zum Beispiel"), Abbreviation("d. h", "das heißt"), Abbreviation("u. a", "unter anderem"),
      Abbreviation("o. ä", "oder ähnlich"), Abbreviation("s. o", "siehe oben"), Abbreviation("s. u", "siehe unten"),
      Abbreviation("v. a", "vor allem"), Abbreviation("ca", "circa"), Abbreviation("vgl", "vergleiche"),
      Abbreviation("bzw", "beziehungsweise"), Abbreviation("evtl", "eventuell"), Abbreviation("ggf", "gegebenenfalls"),
      Abbreviation("inkl", "inklusive"), Abbreviation("zzgl", "zuzüglich"), Abbreviation("str", "straße", endsCompounds: true),
      Abbreviation("S", "Seite"), Abbreviation("Bd", "Band"), Abbreviation("Jh", "Jahrhundert"),
      Abbreviation("usw", "und so weiter", sentence: .mayEnd), Abbreviation("etc", "et cetera", sentence: .mayEnd),
    ],
    units: [
      Unit("km", CountedWord(one: "Kilometer", other: "Kilometer")),
      Unit("m", CountedWord(one: "Meter", other: "Meter")),
      Unit("cm", CountedWord(one: "Zentimeter", other: "Zentimeter")),
      Unit("mm", CountedWord(one: "Millimeter", other: "Millimeter")),
      Unit("kg", CountedWord(one: "Kilogramm", other: "Kilogramm")),
      Unit("g", CountedWord(one: "Gramm", other: "Gramm")),
      Unit("mg", CountedWord(one: "Milligramm", other: "Milligramm")),
      Unit("l", CountedWord(one: "Liter", other: "Liter")),
      Unit("ml", CountedWord(one: "Milliliter", other: "Milliliter")),
      Unit("km/h", CountedWord(one: "Kilometer pro Stunde", other: "Kilometer pro Stunde")),
      Unit("°C", CountedWord(one: "Grad Celsius", other: "Grad Celsius")),
      Unit("Std", CountedWord(one: "Stunde", other: "Stunden")),
      Unit("Min", CountedWord(one: "Minute", other: "Minuten")),
    ],
    months: [
      "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
      "Dezember",
    ],
    dateOrder: .dayMonthYear(separators: ["."]),
    date: { day, month, year in "\(day). \(month) \(year)" })
}
