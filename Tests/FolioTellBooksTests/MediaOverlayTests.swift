import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellBooks

/// EPUB 3 with media overlays, made at test time: the narration plays phrase by phrase with its text, a
/// chapter without an overlay is read by the voice, and the reader may choose the voice for all of it.
@Suite(.serialized) struct MediaOverlayTests {
  static func shown(_ book: BookDocument) -> [String] {
    book.sentences.map { String(book.text.unicodeScalars.dropFirst($0.start).prefix($0.length)) }
  }

  @Test(arguments: [true, false]) func anEPUBWithMediaOverlaysPlaysItsNarrationPhraseByPhrase(storedAudio: Bool) throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let (path, times) = try MediaOverlayEPUB.make(storedAudio: storedAudio)
    let (_, book) = try BookParser.read(path: path)
    #expect(book.format == .epub && book.title == MediaOverlayEPUB.title && book.language == "en")
    let shown = Self.shown(book)
    #expect(Array(shown.prefix(4)) == MediaOverlayEPUB.sentences.map(\.1))
    // The chapter with no overlay: its sentences, for the voice.
    #expect(Array(shown.suffix(3)) == ["Chapter Two", "The second chapter has no narration.", "The box reads it with its own voice."])
    #expect(book.chapters.map(\.title) == ["Chapter One: The River Bank", "Chapter Two"])
    #expect(book.chapters.map(\.start) == [0, book.sentences[4].start])
    let clips = book.clips
    #expect(clips.count == book.sentences.count)
    #expect(clips.suffix(3).allSatisfy { $0 == nil })
    for (clip, time) in zip(clips.prefix(4), times) {
      let narrated = try #require(clip)
      #expect(abs(narrated.begin - time) < 0.01)
      #expect(storedAudio ? narrated.file.hasPrefix("subfile,,start,") : FileManager.default.fileExists(atPath: narrated.file))
    }
    #expect(book.problems.isEmpty, "\(book.problems)")
  }

  @Test func theReaderMayChooseTheVoiceForABookWithNarration() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let (path, _) = try MediaOverlayEPUB.make()
    let book = try BookParser.read(path: path, narration: false).document
    #expect(!book.isNarrated)
    #expect(book.text.contains("The Mole had been working very hard all the morning"))
    #expect(book.chapters.map(\.title) == ["Chapter One: The River Bank", "Chapter Two"])
  }
}
