import Testing

@testable import FolioTellBooks

@Suite struct UTF8CheckTests {
  func check(_ bytes: [UInt8]) -> UTF8Check { bytes.withUnsafeBufferPointer { UTF8Check($0) } }

  @Test func validTextInManyScriptsPasses() {
    let result = check(Array("Grüße, привет, γειά, 😀 and plain ASCII.".utf8))
    #expect(result.isValid)
    #expect(!result.hasCombiningMarks)
  }

  @Test func malformedSequencesAreNotUTF8() {
    #expect(!check([0xC0, 0xAF]).isValid)  // overlong "/"
    #expect(!check([0xE0, 0x80, 0xAF]).isValid)  // overlong
    #expect(!check([0xED, 0xA0, 0x80]).isValid)  // a surrogate
    #expect(!check([0xF4, 0x90, 0x80, 0x80]).isValid)  // past U+10FFFF
    #expect(!check([0x61, 0xE2, 0x82]).isValid)  // cut short at the end
    #expect(!check([0xE9, 0x74, 0xE9]).isValid)  // Latin-1 "été"
    #expect(!check([0x80]).isValid)  // a lone continuation byte
  }

  @Test func combiningMarksAreFoundSoTheTextIsComposed() {
    #expect(check(Array("e\u{301}t\u{301}".unicodeScalars.map { String($0) }.joined().utf8)).hasCombiningMarks)
    #expect(check(Array("и\u{306}".utf8)).hasCombiningMarks)
    #expect(PlainTextBook.read(Array("Cafe\u{301} au lait.".utf8)).text == "Café au lait.")
  }

  @Test func linesEndWithAnyOfTheThreeEndings() {
    let bytes = Array("a\r\nb\rc\n\nd\n".utf8)
    let lines = bytes.withUnsafeBufferPointer { buffer in
      TextLines(buffer, in: 0..<buffer.count).map { TextLines(buffer, in: 0..<0).string($0.line) }
    }
    #expect(lines == ["a", "b", "c", "", "d"])
  }
}
