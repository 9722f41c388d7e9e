import Testing

@testable import FolioTellSpeech

/// Money as it is said. Each expected reading was checked with espeak-ng 1.51 (`espeak-ng -q -x -v en`, or
/// `-v de`): "3.5 million dollars" is "Tr'i: pOInt f'aIv m'Ili@n d'0l3z", where the amount as written
/// ("$3.5 million") is "d'0l3 Tr'i: pOInt f'aIv m'Ili@n", the dollar first. What is not wholly understood
/// is left as it is, for espeak-ng's own reading.
@Suite struct NormalizerMoneyTests {
  func spoken(_ text: String, _ language: String) -> String {
    let result = Normalizer(language: language).spokenText(for: Array(text.unicodeScalars))
    return result.string(0..<result.scalars.count)
  }

  @Test(arguments: [
    // Scales, in words and in letters (espeak-ng: "dollar three point five million", "dollar five M").
    ("$3.5 million", "3.5 million dollars"),
    ("It cost $3.5 million.", "It cost 3.5 million dollars."),
    ("$5M", "5 million dollars"),
    ("$5m and £3.5bn", "5 million dollars and 3.5 billion pounds"),
    ("$2k", "2 thousand dollars"),
    ("$1 million", "1 million dollars"),
    ("€1,250.5 million", "1250.5 million euros"),
    ("$3.50 million", "3.50 million dollars"),
    ("$4tn", "4 trillion dollars"),
    // Any number of decimals: cents only for two (espeak-ng: "dollar twelve point three four five").
    ("$12.345", "12.345 dollars"),
    ("$0.5", "0.5 dollars"),
    ("$1,234.50", "1234 dollars and 50 cents"),
    ("$1.00", "1 dollar"),
    ("£0.01", "1 penny"),
    ("£2.02", "2 pounds and 2 pence"),
    // The yen has no cents in use: its decimals stay decimals.
    ("¥500", "500 yen"),
    ("¥1", "1 yen"),
    ("¥12.50", "12.50 yen"),
    // The symbol after the number, with or without a space (espeak-ng: "twelve point five zero euros").
    ("5€", "5 euros"),
    ("12.50 €", "12 euros and 50 cents"),
    ("1 £", "1 pound"),
    ("3.5 million €", "3.5 million euros"),
    ("€ 20", "20 euros"),
  ])
  func englishAmounts(written: String, said: String) {
    #expect(spoken(written, "en") == said)
    #expect(spoken(written, "en-gb") == said)
  }

  @Test(arguments: [
    // espeak-ng: "drei Komma fünf Mio Euro", "zwölf Komma fünf null Euro", "zwei M R D Euro", "eins Euro".
    ("3,5 Mio. €", "3,5 Millionen Euro"),
    ("Das kostet 3,5 Mio. €.", "Das kostet 3,5 Millionen Euro."),
    ("€3,5 Mio.", "3,5 Millionen Euro"),
    ("3,5 Millionen €", "3,5 Millionen Euro"),
    ("12,50 €", "12 Euro und 50 Cent"),
    ("€ 12,50", "12 Euro und 50 Cent"),
    ("1.000 €", "1000 Euro"),
    ("1.234.567,89 €", "1234567 Euro und 89 Cent"),
    ("1 €", "ein Euro"),
    ("1,01 €", "ein Euro und ein Cent"),
    ("0,50 €", "50 Cent"),
    ("€5", "5 Euro"),
    ("1 Mio. €", "eine Million Euro"),
    ("2 Mrd. €", "2 Milliarden Euro"),
    ("1 Mrd. $", "eine Milliarde Dollar"),
    ("3 Tsd. €", "3 tausend Euro"),
    ("1 Tsd. €", "eintausend Euro"),
    ("12,345 €", "12,345 Euro"),
    ("£5", "5 Pfund"),
    ("2,50 £", "2 Pfund und 50 Pence"),
    ("¥500", "500 Yen"),
    ("$5", "5 Dollar"),
  ])
  func germanAmounts(written: String, said: String) {
    #expect(spoken(written, "de") == said)
  }

  @Test(arguments: [
    ("en", "$5-10"),  // a range: "5 dollars-10" would be worse than espeak-ng's "dollar five dash ten"
    ("en", "$5–$10"),
    ("en", "US$5"),  // the US is said by espeak-ng ("U S dollar five"); rewritten it would be lost
    ("en", "$1,23"),  // not a grouping of thousands
    ("en", "$5.5.5"),
    ("en", "$5Mx"),
    ("en", "$5 millions"),
    ("en", "$5%"),
    ("en", "$.50"),
    ("en", "12,50 €"),  // German writing in an English text
    ("en", "€3,5"),
    ("en", "A$5"),
    ("en", "5 dollars"),
    ("de", "12.50 €"),  // English writing in a German text
    ("de", "3,5 Mio. Einwohner"),
    ("de", "5 €uro"),
    ("de", "1.00 €"),
    ("fr", "3,50 €"),  // no language but English and German is rewritten
  ])
  func whatIsNotFullyUnderstoodIsLeftAlone(language: String, written: String) {
    #expect(spoken(written, language) == written)
  }
}
