import FolioTellControls
import FolioTellCore
import Testing

@testable import FolioTellDisplay

/// Bedside behaviour as event sequences: controls and clock ticks in, view and power out.
@Suite struct DisplayStateTests {
  func press(_ control: String, _ gesture: Gesture = .short, at time: Double) -> DisplayState.Event {
    .control(ControlOutput(time: time, control: control, action: .gesture(gesture)))
  }

  func run(_ events: [DisplayState.Event]) -> DisplayState {
    events.reduce(DisplayState(settings: DisplaySettings(), at: 0)) { DisplayState.reduce($0, $1) }
  }

  @Test func itDimsThenGoesDarkWithoutInputAndAnyControlWakesIt() {
    let settings = DisplaySettings()
    #expect(run([.tick(10)]).power == .on(brightness: settings.brightness))
    #expect(run([.tick(30)]).power == .on(brightness: settings.dimBrightness))
    #expect(run([.tick(119)]).power == .on(brightness: settings.dimBrightness))
    #expect(run([.tick(120)]).power == .off)
    #expect(run([.tick(500), press("NEXT", at: 500)]).power == .on(brightness: settings.brightness))
    #expect(
      run([.tick(500), .control(ControlOutput(time: 500, control: "ENCODER", action: .turn(steps: 1)))]).power
        == .on(brightness: settings.brightness))
  }

  @Test func theNextChangeIsWhenItDimsOrGoesDarkAndNothingAfterThat() {
    let state = run([press("PLAY", at: 5)])
    #expect(state.nextChange(after: 5) == 35)
    #expect(state.nextChange(after: 35) == 125)
    #expect(state.nextChange(after: 125) == nil)
  }

  @Test func backTogglesTheBigWord() {
    #expect(run([press("BACK", at: 1)]).view == .bigWord)
    #expect(run([press("BACK", at: 1), press("BACK", at: 2)]).view == .reading)
    #expect(run([press("PLAY", at: 1)]).view == .reading)
  }

  @Test func nightModeIsAtMinimalBrightnessAndStillGoesDark() {
    let settings = DisplaySettings()
    let night = run([press("BACK", .long, at: 1)])
    #expect(night.night)
    #expect(night.power == .on(brightness: settings.nightBrightness))
    #expect(run([press("BACK", .long, at: 1), .tick(121)]).power == .off)
    #expect(!run([press("BACK", .long, at: 1), press("BACK", .long, at: 2)]).night)
  }

  @Test func aLongMenuShowsTheStatusForAFewSeconds() {
    let state = run([press("MENU", .long, at: 10)])
    #expect(state.showsStatus(at: 12))
    #expect(!run([press("MENU", .long, at: 10), .tick(15)]).showsStatus(at: 15))
  }

  @Test func controlsInTheMenuOnlyWakeTheDisplay() {
    let state = run([.tick(200), .wake(200)])
    #expect(state.power == .on(brightness: DisplaySettings().brightness))
    #expect(state.view == .reading)
  }

  @Test func offCanBeTurnedOff() {
    var settings = DisplaySettings()
    settings.offAfter = 0
    let state = DisplayState.reduce(DisplayState(settings: settings, at: 0), .tick(10_000))
    #expect(state.power == .on(brightness: settings.dimBrightness))
  }
}

@Suite struct ScreenModelTests {
  func reader(_ text: String, wordAt: Int?, phase: PlaybackPhase? = nil) -> ReaderState {
    var state = ReaderState()
    let spans = [TextSpan(start: 0, end: 12), TextSpan(start: 13, end: text.unicodeScalars.count)]
    state.playback.book = try! SentenceMap(sentences: spans, text: text)
    if let wordAt {
      state.playback.offset = wordAt
      let end = Array(text.unicodeScalars)[wordAt...].firstIndex(of: " ") ?? text.unicodeScalars.count
      state.playback.word = TextSpan(start: wordAt, end: end)
    }
    if let phase { state.playback.phase = phase }
    return state
  }

  @Test func theSentenceBeingReadAndItsWordAreShown() {
    let state = reader("The cat sat. It was warm there.", wordAt: 16)
    let screen = ScreenModel.screen(for: state, display: DisplayState(), title: "Cats", at: 0)
    #expect(screen == .reading(sentence: "It was warm there.", word: 3..<6))
  }

  @Test func theBigWordViewShowsOnlyTheWord() {
    let display = DisplayState.reduce(
      DisplayState(), .control(ControlOutput(time: 0, control: "BACK", action: .gesture(.short))))
    #expect(
      ScreenModel.screen(
        for: reader("The cat sat. It was warm there.", wordAt: 20), display: display, title: nil, at: 0)
        == .bigWord("warm"))
  }

  @Test func withNothingToReadAMessageSaysSo() {
    #expect(
      ScreenModel.screen(for: ReaderState(), display: DisplayState(), title: nil, at: 0)
        == .message(title: "FolioTell", text: "No book is open"))
    var failed = reader("The cat sat. It was warm there.", wordAt: nil)
    failed.playback.failure = "the sound card is gone"
    #expect(
      ScreenModel.screen(for: failed, display: DisplayState(), title: nil, at: 0)
        == .message(title: "Speech stopped", text: "the sound card is gone"))
  }

  @Test func theOpenMenuIsShownWithItsPosition() {
    var state = reader("The cat sat. It was warm there.", wordAt: 4)
    state.menu = MenuState(page: .main, selected: 1)
    let screen = ScreenModel.screen(for: state, display: DisplayState(), title: nil, at: 0)
    #expect(screen == .menu(title: "Menu", items: Menu.items(of: .main, in: state), selected: 1))
  }

  @Test func aDarkDisplayShowsNothing() {
    let dark = DisplayState.reduce(DisplayState(), .tick(1_000))
    #expect(
      ScreenModel.screen(
        for: reader("The cat sat. It was warm there.", wordAt: 4), display: dark, title: nil, at: 1_000) == .blank)
  }

  @Test func theStatusSaysHowFarAndHowFast() {
    var state = reader("The cat sat. It was warm there.", wordAt: 16)
    state.playback.wpm = 210
    let status = ScreenModel.status(of: state, title: "Cats")
    #expect(status == Status(title: "Cats", percent: 51, wpm: 210, playback: "Stopped"))
  }
}
