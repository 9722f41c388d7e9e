import Testing

@testable import FolioTellViews

@Suite struct TextTests {
  let face = Golden.typeface

  @Test func linesFitTheWidthAndBreakAtSpaces() {
    let layout = TextLayout("one two three four five six seven".unicodeScalars, size: 16, width: 100, typeface: face)
    #expect(layout.lines.count > 1)
    for line in layout.lines { #expect((line.last!.x + line.last!.width) <= 100) }
    let words = layout.lines.flatMap { $0 }.map { String(String.UnicodeScalarView(layout.scalars[$0.range])) }
    #expect(words == ["one", "two", "three", "four", "five", "six", "seven"])
    #expect(layout.line(containing: 0) == 0)
  }

  @Test func aWordWiderThanTheDisplayIsCutBetweenCharacters() {
    let layout = TextLayout("Donaudampfschifffahrtsgesellschaft".unicodeScalars, size: 24, width: 126, typeface: face)
    #expect(layout.lines.count >= 2)
    #expect(layout.width <= 126)
  }

  @Test func glyphsAreOneBitAndACharacterNoFontHasIsABox() {
    let a = face.glyph("A", size: 24)
    #expect(a.width > 5 && a.height > 10 && a.bits.contains(true))
    // A Han character: not in DejaVu, so an outlined box, never nothing.
    let missing = face.glyph("漢", size: 24)
    #expect(missing.bits.contains(true))
    #expect(missing.bits.first == true && missing.advance > 0)
    #expect(face.glyph("Ж", size: 24).bits.contains(true))
    #expect(face.glyph("Ω", size: 24).bits.contains(true))
  }

  @Test func aMissingFontSaysWhichPackageToInstall() {
    #expect {
      try FreeTypeFace(paths: ["/no/such/font.ttf"])
    } throws: { error in
      String(describing: error).contains("fonts-dejavu-core")
    }
  }

  @Test func framesRoundTripThroughPBMAndMakeAValidPNG() throws {
    var frame = Frame(width: 128, height: 64)
    frame.fill(x: 10, y: 5, width: 30, height: 20)
    #expect(try ImageFormats.frame(fromPBM: ImageFormats.pbm(frame)) == frame)
    let png = ImageFormats.png(frame, scale: 1)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(Array(png.suffix(8).prefix(4)) == Array("IEND".utf8))
    #expect(ImageFormats.terminal(frame).count == 32)
  }
}
