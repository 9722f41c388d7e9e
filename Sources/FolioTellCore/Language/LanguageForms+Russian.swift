extension LanguageForms {
  static let russian = LanguageForms(
    code: "ru",
    abbreviations: [
      Abbreviation("т. е", "то есть"), Abbreviation("т. к", "так как"), Abbreviation("т. н", "так называемый"),
      Abbreviation("и т. д", "и так далее", sentence: .mayEnd), Abbreviation("и т. п", "и тому подобное", sentence: .mayEnd),
      Abbreviation("и др", "и другие", sentence: .mayEnd), Abbreviation("т. д", "так далее", sentence: .mayEnd),
      // After "в" and a year the year's case changes: "в 2021 г." is "в 2021 году".
      Abbreviation("г", "город", afterNumber: "года", afterPreposition: ("в", "году"), sentence: .mayEndAfterNumber),
      Abbreviation("гг", "годы", afterNumber: "годов", afterPreposition: ("в", "годах"), sentence: .mayEndAfterNumber),
      Abbreviation("проф", "профессор"), Abbreviation("ул", "улица"), Abbreviation("им", "имени"),
      Abbreviation("см", "смотри"), Abbreviation("стр", "страница"),
      Abbreviation("акад", "академик"), Abbreviation("н. э", "нашей эры", sentence: .mayEnd),
      Abbreviation("до н. э", "до нашей эры", sentence: .mayEnd),
    ],
    units: [
      Unit("руб.", CountedWord(one: "рубль", few: "рубля", many: "рублей")),
      Unit("руб", CountedWord(one: "рубль", few: "рубля", many: "рублей")),
      Unit("коп.", CountedWord(one: "копейка", few: "копейки", many: "копеек")),
      Unit("тыс.", CountedWord(one: "тысяча", few: "тысячи", many: "тысяч")),
      Unit("млн", CountedWord(one: "миллион", few: "миллиона", many: "миллионов")),
      Unit("млрд", CountedWord(one: "миллиард", few: "миллиарда", many: "миллиардов")),
      Unit("км", CountedWord(one: "километр", few: "километра", many: "километров")),
      Unit("м", CountedWord(one: "метр", few: "метра", many: "метров")),
      Unit("см", CountedWord(one: "сантиметр", few: "сантиметра", many: "сантиметров")),
      Unit("мм", CountedWord(one: "миллиметр", few: "миллиметра", many: "миллиметров")),
      Unit("кг", CountedWord(one: "килограмм", few: "килограмма", many: "килограммов")),
      Unit("л", CountedWord(one: "литр", few: "литра", many: "литров")),
      Unit("км/ч", CountedWord(one: "километр в час", few: "километра в час", many: "километров в час")),
      Unit("°C", CountedWord(one: "градус Цельсия", few: "градуса Цельсия", many: "градусов Цельсия")),
    ],
    months: [
      "января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября",
      "декабря",
    ],
    dateOrder: .dayMonthYear(separators: ["."]),
    date: { day, month, year in "\(day) \(month) \(year) года" })
}
