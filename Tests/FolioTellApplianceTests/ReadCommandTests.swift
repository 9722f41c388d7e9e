import Foundation
import Testing

/// `foliotell read BOOK [--from N] [--to M]` as a user types it: the range's errors, the book's own
/// sentence numbers, and a render to a file without a terminal (no progress line).
@Suite struct ReadCommandTests {
  /// A book of four sentences, and one of one.
  static func books() -> (four: String, one: String) {
    let folder = VirtualRun.folder()
    let four = folder + "/four.txt"
    let one = folder + "/one.txt"
    _ = FileManager.default.createFile(atPath: four, contents: Data(VirtualRun.book.utf8))
    _ = FileManager.default.createFile(atPath: one, contents: Data("Only this sentence.".utf8))
    return (four, one)
  }

  @Test(arguments: [
    (
      ["--from", "3", "--to", "2"], false,
      "foliotell: --from 3 is after --to 2: give the first sentence to read, then the last\n"
    ),
    (["--from", "5"], false, "foliotell: --from 5: the book has only 4 sentences\n"),
    (["--from", "9", "--to", "12"], false, "foliotell: --from 9: the book has only 4 sentences\n"),
    (["--from", "2"], true, "foliotell: --from 2: the book has only 1 sentence\n"),
    (["--from", "0"], false, "foliotell: --from needs a sentence number, counting from 1\n"),
    (["--to", "two"], false, "foliotell: --to needs a sentence number, counting from 1\n"),
  ])
  func aRangeThatCannotBeReadSaysWhyWithTheValuesGiven(range: [String], oneSentence: Bool, message: String) throws {
    let books = Self.books()
    let result = try VirtualRun.execute(["read", oneSentence ? books.one : books.four, "--audio", "null"] + range)
    #expect(result.status == 2)
    #expect(result.errors == message)
    #expect(result.output.isEmpty)
  }

  @Test(arguments: [
    (["--from", "2", "--to", "3"], "[book opened: sentences 2 to 3 of 4]", ["[2/4] The second", "[3/4] The third"]),
    (["--from", "4", "--to", "9"], "[book opened: sentence 4 of 4]", ["[4/4] The fourth"]),
    (["--to", "1"], "[book opened: sentence 1 of 4]", ["[1/4] The first"]),
  ])
  func aRangeIsNumberedWithTheBooksOwnNumbers(range: [String], opened: String, starts: [String]) throws {
    let result = try VirtualRun.execute(["read", Self.books().four, "--audio", "null", "--wpm", "450"] + range)
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == opened)
    let sentences = Array(lines.dropFirst().dropLast())
    #expect(sentences.count == starts.count)
    for (line, start) in zip(sentences, starts) { #expect(line.hasPrefix(start), "\(line)") }
    // A one-shot reading ends with the text: nothing is said after it.
    #expect(lines.last == "[end of the book]")
  }

  @Test func aOneSentenceBookIsOneSentence() throws {
    let result = try VirtualRun.execute(["read", Self.books().one, "--audio", "null", "--wpm", "450"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("[book opened: 1 sentence, from the start]\n[1/1] Only this sentence."))
  }

  @Test func aRenderWithoutATerminalPrintsTheWordsAndNoProgress() throws {
    let wav = VirtualRun.folder() + "/book.wav"
    let result = try VirtualRun.execute(["read", Self.books().four, "--audio", "wav:" + wav, "--wpm", "450"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.isEmpty)
    #expect(result.output.contains("[4/4] The fourth speaks of the sea"))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wav)))
    let dataSize = Int(bytes[40]) | Int(bytes[41]) << 8 | Int(bytes[42]) << 16 | Int(bytes[43]) << 24
    #expect(bytes.count > 22_050 && dataSize == bytes.count - 44)
  }

  /// A book that mixes languages reads each passage with a voice of its language: the English passage of an
  /// English, German and Russian book sounds exactly as that paragraph alone, read with the English voice.
  @Test func eachPassageOfAMixedBookIsReadWithAVoiceOfItsLanguage() throws {
    let folder = VirtualRun.folder()
    let english =
      "The morning was cold and grey when the travellers left the old inn by the river. They walked for hours along the muddy road, talking about the war and the harvest, and the price of bread in the town."
    let german =
      "Das gefällt mir sehr. Es war ein gutes Jahr, z. B. für die Bauern im Dorf, die ca. zwei Wochen früher ernten konnten als sonst. Wir kamen zu spät, aber die Großmutter hatte noch Kuchen für uns."
    let russian =
      "Он приехал в 2021 г. Проф. Иванов пришёл позже, когда все уже сидели за столом и говорили о погоде, о ценах на хлеб и о том, что зима будет долгой."
    func render(_ name: String, _ text: String, _ extra: [String] = []) throws -> Data {
      _ = FileManager.default.createFile(atPath: folder + "/" + name + ".txt", contents: Data(text.utf8))
      let result = try VirtualRun.execute(
        ["read", folder + "/" + name + ".txt", "--audio", "wav:" + folder + "/" + name + ".wav"] + extra)
      try #require(result.status == 0, "\(result.errors)")
      return try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name + ".wav")).dropFirst(44)
    }
    let mixed = try render("mixed", [english, german, russian].joined(separator: "\n\n"))
    let alone = try render("english", english)
    // The mixed book's own language is detected as Russian: without passages its English would be read
    // with the Russian voice.
    let russianVoice = try render("english-ru", english, ["--voice", "ru"])
    let compared = alone.count - 2 * 22_050
    #expect(mixed.prefix(compared) == alone.prefix(compared))
    #expect(mixed.prefix(compared) != russianVoice.prefix(compared))
    let germanAlone = try render("german", german)
    let russianAlone = try render("russian", russian)
    let parts = Double(alone.count + germanAlone.count + russianAlone.count)
    #expect(abs(Double(mixed.count) - parts) / parts < 0.05, "\(mixed.count) against \(parts)")
  }
}
