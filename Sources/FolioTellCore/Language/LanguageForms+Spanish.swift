extension LanguageForms {
  static let spanish = LanguageForms(
    code: "es",
    abbreviations: [
      Abbreviation("Sr", "señor"), Abbreviation("Sra", "señora"), Abbreviation("Srta", "señorita"),
      Abbreviation("Dr", "doctor"), Abbreviation("Dra", "doctora"), Abbreviation("D", "don"),
      Abbreviation("Dña", "doña"), Abbreviation("Ud", "usted"), Abbreviation("Uds", "ustedes"),
      Abbreviation("p. ej", "por ejemplo"), Abbreviation("núm", "número"), Abbreviation("pág", "página"),
      Abbreviation("Av", "avenida"), Abbreviation("aprox", "aproximadamente"),
      Abbreviation("etc", "etcétera", sentence: .mayEnd),
    ],
    units: [
      Unit("km", CountedWord(one: "kilómetro", other: "kilómetros")),
      Unit("m", CountedWord(one: "metro", other: "metros")),
      Unit("cm", CountedWord(one: "centímetro", other: "centímetros")),
      Unit("mm", CountedWord(one: "milímetro", other: "milímetros")),
      Unit("kg", CountedWord(one: "kilogramo", other: "kilogramos")),
      Unit("g", CountedWord(one: "gramo", other: "gramos")),
      Unit("l", CountedWord(one: "litro", other: "litros")),
      Unit("ml", CountedWord(one: "mililitro", other: "mililitros")),
      Unit("km/h", CountedWord(one: "kilómetro por hora", other: "kilómetros por hora")),
      Unit("°C", CountedWord(one: "grado Celsius", other: "grados Celsius")),
    ],
    months: [
      "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre",
      "diciembre",
    ],
    dateOrder: .dayMonthYear(separators: ["/", "."]),
    date: { day, month, year in "\(day) de \(month) de \(year)" })
}
