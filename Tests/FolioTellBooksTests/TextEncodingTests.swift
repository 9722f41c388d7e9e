import Testing

@testable import FolioTellBooks

@Suite struct TextEncodingTests {
  static let russian = "Это была тихая ночь. Старик сидел у окна и читал книгу, которую ему подарила дочь. За окном шёл снег, и вся деревня спала."
  static let german = "Der alte Müller saß am Fenster und las ein Buch über die Schönheit der Berge. Draußen fiel Schnee, und das ganze Dorf schlief."

  func bytes(_ hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var digits = hex.makeIterator()
    while let high = digits.next(), let low = digits.next() { result.append(UInt8(String([high, low]), radix: 16)!) }
    return result
  }

  func text(_ bytes: [UInt8]) -> String { String(decoding: TextEncoding.utf8(bytes).bytes, as: UTF8.self) }

  @Test func latin1AndWindows1252AreReadWithTheirAccentsAndTheEuroSign() {
    let cafe: [UInt8] = Array("Caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me is good, 5 ".utf8) + [0x80, 0x2E]
    #expect(text(cafe) == "Café crème is good, 5 €.")
    #expect(PlainTextBook.read(cafe).text == "Café crème is good, 5 €.")
  }

  @Test func aLongerLatin1TextIsDetected() {
    let latin1 = bytes(
      "44657220616c7465204dfc6c6c6572207361df20616d2046656e7374657220756e64206c61732065696e204275636820fc626572206469"
        + "6520536368f66e68656974206465722042657267652e2044726175df656e206669656c205363686e65652c20756e64206461732067616e"
        + "7a6520446f7266207363686c6965662e")
    #expect(text(latin1) == Self.german)
  }

  @Test func russianInWindows1251IsDetected() {
    let windows1251 = bytes(
      "ddf2ee20e1fbebe020f2e8f5e0ff20edeef7fc2e20d1f2e0f0e8ea20f1e8e4e5eb20f320eeeaede020e820f7e8f2e0eb20eaede8e3f32c"
        + "20eaeef2eef0f3fe20e5ecf320efeee4e0f0e8ebe020e4eef7fc2e20c7e020eeeaedeeec20f8b8eb20f1ede5e32c20e820e2f1ff20e4e5"
        + "f0e5e2edff20f1efe0ebe02e")
    #expect(TextEncoding.utf8(windows1251).encoding == "windows-1251")
    #expect(text(windows1251) == Self.russian)
  }

  @Test func russianInKoi8RIsDetected() {
    let koi8 = bytes(
      "fcd4cf20c2d9ccc120d4c9c8c1d120cecfded82e20f3d4c1d2c9cb20d3c9c4c5cc20d520cfcbcec120c920dec9d4c1cc20cbcec9c7d52c"
        + "20cbcfd4cfd2d5c020c5cdd520d0cfc4c1d2c9ccc120c4cfded82e20fac120cfcbcecfcd20dba3cc20d3cec5c72c20c920d7d3d120c4c5"
        + "d2c5d7ced120d3d0c1ccc12e")
    #expect(TextEncoding.utf8(koi8).encoding == "KOI8-R")
    #expect(text(koi8) == Self.russian)
  }

  @Test func aGutenbergHeadersDeclaredEncodingWins() {
    // Short Cyrillic text that a detector could take for anything: the header says what it is.
    let header = Array("Title: Sample\r\nCharacter set encoding: KOI8-R\r\n\r\n".utf8)
    let body: [UInt8] = [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4, 0x2E]  // "Привет." in KOI8-R
    #expect(text(header + body).hasSuffix("Привет."))
  }

  @Test func aLatin1LabelIsReadAsWindows1252SoItsQuotesSurvive() {
    let header = Array("Character set encoding: ISO-8859-1\n\n".utf8)
    let body: [UInt8] = [0x93] + Array("Quoted".utf8) + [0x94, 0x2E]
    #expect(text(header + body).hasSuffix("\u{201C}Quoted\u{201D}."))
  }

  @Test func anHtmlMetaCharsetIsHonoured() {
    let page = Array("<html><head><meta charset=\"windows-1251\"></head><body><p>".utf8)
      + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x2E] + Array("</p></body></html>".utf8)
    #expect(HTMLBook.read(page).text.contains("Привет."))
  }

  @Test func unknownDeclaredNamesFallBackToDetection() {
    let header = Array("Character set encoding: ISO Latin-1\n\n".utf8)
    let body: [UInt8] = Array("Caf".utf8) + [0xE9, 0x2E]
    #expect(text(header + body).hasSuffix("Café."))
  }

  @Test func utf8AndUtf16AreNamed() {
    #expect(TextEncoding.utf8(Array("Grüße.".utf8)).encoding == "UTF-8")
    let utf16: [UInt8] = [0xFF, 0xFE] + Array("Ja.".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(TextEncoding.utf8(utf16) == (Array("Ja.".utf8), "UTF-16LE"))
  }
}
