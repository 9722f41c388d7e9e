import FolioTellRuntime
import Foundation
import Testing

/// A book that declares no language is read with the voice of the language of its text, and `foliotell info`
/// says where the language came from.
@Suite struct BookLanguageTests {
  static let german = """
    Der Hof lag am Rand des Dorfes, ca. 5 Kilometer vom Bahnhof entfernt. Im Sommer kamen viele Gäste, \
    z. B. Wanderer aus der Stadt und Familien mit Kindern. Die Großmutter backte jeden Morgen Brot, und der \
    Duft zog durch das ganze Haus. Abends saßen alle am langen Tisch und erzählten Geschichten von früher.
    """

  func book(_ text: String, named name: String = "book.txt") -> String {
    let path = VirtualRun.folder() + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  @Test func infoSaysTheLanguageWasDetectedAndWithWhatConfidence() throws {
    let info = try VirtualRun.execute(["info", book(Self.german)])
    #expect(info.status == 0, "\(info.errors)")
    let line = info.output.split(separator: "\n").first { $0.hasPrefix("language:") }.map(String.init)
    let match = try #require(line?.wholeMatch(of: /language:   de \(detected, (\d+)% confidence\)/), "\(info.output)")
    #expect(Int(match.output.1)! >= 90)
    #expect(info.output.contains("voice:      de\n"))
    #expect(info.output.contains("sentences: 4\n"), "\(info.output)")
  }

  @Test func infoSaysWhenTheLanguageWasDeclaredOrIsTheDefault() throws {
    let declared = try VirtualRun.execute(["info", book(Self.german), "--language", "fr"])
    #expect(declared.output.contains("language:   fr (declared)\n"), "\(declared.output)")
    let html = try VirtualRun.execute(["info", book("<html lang=\"de\"><p>Guten Tag.</p></html>", named: "b.html")])
    #expect(html.output.contains("language:   de (declared)\n"), "\(html.output)")
    let short = try VirtualRun.execute(["info", book("Ja, gut.")])
    #expect(
      short.output.contains("language:   en (default: too little text to tell its language)\n"), "\(short.output)")
    #expect(short.output.contains("voice:      en\n"))
  }

  @Test func infoAsJSONGivesTheSourceAndTheConfidence() throws {
    let info = try VirtualRun.execute(["info", book(Self.german), "--json"])
    #expect(info.output.contains(#""language": "de", "languageSource": "detected", "languageConfidence": "#))
    let short = try VirtualRun.execute(["info", book("Ja, gut."), "--json"])
    #expect(short.output.contains(#""language": null, "languageSource": "default", "languageConfidence": null"#))
  }

  /// The voice the box reads with once the run's events are through (the reducer chooses it when the
  /// book opens, from its language).
  static func voiceAfterTheRun(_ run: VirtualRun) throws -> String? {
    var replay = Replay()
    for line in run.trace.split(separator: "\n") { _ = try replay.feed(String(line)) }
    return replay.root?.playback.voice
  }

  @Test func aGermanBookThatSaysNothingIsReadWithTheGermanVoice() throws {
    let run = try VirtualRun.run(script: "", book: Self.german)
    #expect(run.status == 0, "\(run.errors)")
    #expect(try Self.voiceAfterTheRun(run) == "de")
    // A declared language wins: the reader's --language sets the voice.
    let declared = try VirtualRun.run(script: "", book: Self.german, extra: ["--language", "en"])
    #expect(try Self.voiceAfterTheRun(declared) == "en")
    // A voice given is kept for every book.
    let given = try VirtualRun.run(script: "", book: Self.german, extra: ["--voice", "en-us"])
    #expect(try Self.voiceAfterTheRun(given) == "en-us")
  }
}
