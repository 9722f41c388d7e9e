import Foundation
import Testing

@testable import FolioTellCore

/// The voice a book is read with is the reducer's decision: from the voices espeak-ng reported
/// (`voicesFound`) and the language the book came with (`bookOpened`).
@Suite struct BookVoiceTests {
  static let voices = [
    VoiceChoice(id: "en-gb", name: "English (Great Britain)", language: "en-gb", languages: ["en-gb", "en"]),
    VoiceChoice(id: "en-us", name: "English (America)", language: "en-us", languages: ["en-us", "en"]),
    VoiceChoice(id: "de", name: "German", language: "de"),
    VoiceChoice(id: "pt-br", name: "Portuguese (Brazil)", language: "pt-br", languages: ["pt-br", "pt"]),
  ]

  /// A box that has found its voices, reading with `voice`.
  func box(voice: String = "en", fixed: Bool = false) -> BoxState {
    var state = BoxState()
    state.playback.voice = voice
    state.settings.voiceIsFixed = fixed
    return Box.reduce(state, .voicesFound(Self.voices), at: 0).0
  }

  func open(
    _ state: BoxState, language: String?, settings: PlaybackSettings? = nil, at time: Double = 1
  ) -> (BoxState, [BoxEffect]) {
    Box.reduce(
      state, .bookOpened(bookID: "b", book: Books.three, saved: nil, language: language, settings: settings), at: time)
  }

  @Test func aGermanBookIsReadWithTheGermanVoiceAndTheBoxKeepsItAsItsOwn() {
    let (state, effects) = open(box(), language: "de")
    #expect(state.playback.voice == "de")
    var kept = box().savedSettings
    kept.voice = "de"
    #expect(effects.contains(.saveSettings(kept)))
    // The box chose it, not the listener: it is not the book's own voice.
    #expect(!effects.contains { if case .saveBookSettings = $0 { true } else { false } })
  }

  @Test func aRegionalCodeIsReadByItsLanguagesVoice() {
    #expect(open(box(), language: "de-DE").0.playback.voice == "de")
    #expect(open(box(), language: "pt_BR").0.playback.voice == "pt-br")
    #expect(open(box(), language: "pt").0.playback.voice == "pt")
  }

  @Test func aVoiceThatAlreadySpeaksTheLanguageIsKept() {
    let (state, effects) = open(box(voice: "en-us"), language: "en")
    #expect(state.playback.voice == "en-us")
    #expect(!effects.contains { if case .saveSettings = $0 { true } else { false } })
  }

  @Test func aLanguageNoVoiceSpeaksKeepsTheVoice() {
    #expect(open(box(voice: "de"), language: "tlh").0.playback.voice == "de")
    #expect(open(box(voice: "de"), language: nil).0.playback.voice == "de")
  }

  @Test func beforeTheVoicesAreKnownNothingIsChosen() {
    var state = BoxState()
    state.playback.voice = "en"
    #expect(open(state, language: "de").0.playback.voice == "en")
  }

  @Test func aVoiceGivenByTheConfigIsKeptForEveryBook() {
    let (state, effects) = open(box(voice: "en-gb", fixed: true), language: "de")
    #expect(state.playback.voice == "en-gb")
    #expect(!effects.contains { if case .saveSettings = $0 { true } else { false } })
  }

  @Test func theBooksOwnVoiceWinsOverItsLanguage() {
    let own = PlaybackSettings(wpm: 210, voice: "en-gb")
    let (state, _) = open(box(), language: "de", settings: own)
    #expect(state.playback.voice == "en-gb")
    #expect(state.playback.wpm == 210)
  }

  @Test func theNextBookInAnotherLanguageTakesItsVoiceAndAnEnglishOneTakesEnglishBack() {
    var (state, _) = open(box(voice: "en-us"), language: "de")
    #expect(state.playback.voice == "de")
    state = open(state, language: "en", at: 2).0
    #expect(state.playback.voice == "en")
  }

  @Test func voicesRecordedWithOneLanguageReadBack() throws {
    let old = #"{"id":"de","name":"German","language":"de"}"#
    let voice = try JSONDecoder().decode(VoiceChoice.self, from: Data(old.utf8))
    #expect(voice.languages == ["de"])
    let written = try JSONEncoder().encode(Self.voices[0])
    #expect(try JSONDecoder().decode(VoiceChoice.self, from: written) == Self.voices[0])
  }
}
