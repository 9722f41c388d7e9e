import FolioTellControls
import FolioTellCore
import Testing

@testable import FolioTellViews

/// Bedside behaviour as event sequences: the root reducer's control events in, the display's view and
/// power at a moment out.
@Suite struct DisplayStateTests {
  enum Step {
    case press(ControlName, Gesture, at: Double)
    case turn(Int, at: Double)
    case menuOpen
  }

  func press(_ control: ControlName, _ gesture: Gesture = .short, at time: Double) -> Step {
    .press(control, gesture, at: time)
  }

  func view(_ steps: [Step]) -> DisplayView {
    var state = BoxState()
    for step in steps {
      switch step {
      case .press(let control, let gesture, let time):
        state = Box.reduce(state, .control(name: control, gesture: gesture), at: time).0
      case .turn(let steps, let time):
        state = Box.reduce(state, .encoder(steps: steps), at: time).0
      case .menuOpen:
        state.menu = MenuState()
      }
    }
    return state.display
  }

  func run(_ steps: [Step], at time: Double, settings: DisplaySettings = DisplaySettings()) -> DisplayState {
    DisplayState(view(steps), settings: settings, at: time)
  }

  @Test func itDimsThenGoesDarkWithoutInputAndAnyControlWakesIt() {
    let settings = DisplaySettings()
    #expect(run([], at: 10).power == .on(brightness: settings.brightness))
    #expect(run([], at: 30).power == .on(brightness: settings.dimBrightness))
    #expect(run([], at: 119).power == .on(brightness: settings.dimBrightness))
    #expect(run([], at: 120).power == .off)
    #expect(run([press(.next, at: 500)], at: 500).power == .on(brightness: settings.brightness))
    #expect(run([.turn(1, at: 500)], at: 500).power == .on(brightness: settings.brightness))
  }

  @Test func theNextChangeIsWhenItDimsOrGoesDarkAndNothingAfterThat() {
    let state = run([press(.play, at: 5)], at: 5)
    #expect(state.nextChange(after: 5) == 35)
    #expect(state.nextChange(after: 35) == 125)
    #expect(state.nextChange(after: 125) == nil)
  }

  @Test func backTogglesTheBigWord() {
    #expect(view([press(.back, at: 1)]).mode == .bigWord)
    #expect(view([press(.back, at: 1), press(.back, at: 2)]).mode == .reading)
    #expect(view([press(.play, at: 1)]).mode == .reading)
  }

  /// Night mode is chosen in the menu's Display page (MENU, seven items down, PLAY, one down, PLAY).
  func nightMode(at time: Double) -> [Step] {
    [
      press(.menu, at: time), .turn(7, at: time), press(.play, at: time), .turn(2, at: time),
      press(.play, at: time),
    ]
  }

  @Test func nightModeIsAtMinimalBrightnessAndStillGoesDark() {
    let settings = DisplaySettings()
    let night = run(nightMode(at: 1), at: 1)
    #expect(night.night)
    #expect(night.power == .on(brightness: settings.nightBrightness))
    #expect(run(nightMode(at: 1), at: 121).power == .off)
    #expect(!view(nightMode(at: 1) + nightMode(at: 2)).night)
  }

  @Test func theDisplaySwitchedOffInTheMenuOrPutToSleepByTheTimerStaysDark() {
    var off = DisplayView()
    off.isOff = true
    #expect(DisplayState(off, at: 1).power == .off)
    #expect(DisplayState(off, at: 1).nextChange(after: 1) == nil)
    var asleep = DisplayView()
    asleep.asleep = true
    #expect(DisplayState(asleep, at: 1).power == .off)
    // A control wakes it.
    var state = BoxState()
    state.display.asleep = true
    state = Box.reduce(state, .control(name: .next, gesture: .short), at: 2).0
    #expect(!state.display.asleep)
  }

  @Test func aLongMenuShowsTheStatusForAFewSeconds() {
    #expect(run([press(.menu, .long, at: 10)], at: 12).showsStatus(at: 12))
    #expect(!run([press(.menu, .long, at: 10)], at: 15).showsStatus(at: 15))
  }

  @Test func controlsInTheMenuOnlyWakeTheDisplay() {
    let state = run([.menuOpen, press(.back, at: 200)], at: 200)
    #expect(state.power == .on(brightness: DisplaySettings().brightness))
    #expect(state.view == .reading)
  }

  @Test func offCanBeTurnedOff() {
    var settings = DisplaySettings()
    settings.offAfter = 0
    #expect(run([], at: 10_000, settings: settings).power == .on(brightness: settings.dimBrightness))
  }
}

@Suite struct ScreenModelTests {
  func reader(_ text: String, wordAt: Int?, phase: PlaybackPhase? = nil) -> BoxState {
    var state = BoxState()
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
    let screen = ScreenModel.screen(for: state, display: DisplayState(at: 0), title: "Cats", at: 0)
    #expect(screen == .reading(sentence: "It was warm there.", word: 3..<6))
  }

  @Test func theBigWordViewShowsOnlyTheWord() {
    let display = DisplayState(DisplayView(mode: .bigWord), at: 0)
    #expect(
      ScreenModel.screen(
        for: reader("The cat sat. It was warm there.", wordAt: 20), display: display, title: nil, at: 0)
        == .bigWord("warm"))
  }

  @Test func withNothingToReadAMessageSaysSo() {
    #expect(
      ScreenModel.screen(for: BoxState(), display: DisplayState(at: 0), title: nil, at: 0)
        == .message(title: "FolioTell", text: "No book is open"))
    var failed = reader("The cat sat. It was warm there.", wordAt: nil)
    failed.playback.failure = "the sound card is gone"
    #expect(
      ScreenModel.screen(for: failed, display: DisplayState(at: 0), title: nil, at: 0)
        == .message(title: "Speech stopped", text: "the sound card is gone"))
  }

  @Test func theOpenMenuIsShownWithItsPosition() {
    var state = reader("The cat sat. It was warm there.", wordAt: 4)
    state.menu = MenuState(page: .main, selected: 1)
    let screen = ScreenModel.screen(for: state, display: DisplayState(at: 0), title: nil, at: 0)
    #expect(screen == .menu(title: "Menu", items: Menu.items(of: .main, in: state), selected: 1))
  }

  @Test func aDarkDisplayShowsNothing() {
    let dark = DisplayState(at: 1_000)
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

  @Test func theTextSizeChosenInTheMenuReachesTheReadingView() {
    var state = BoxState()
    let text = "It was warm there."
    state =
      Box.reduce(
        state,
        .bookOpened(
          bookID: "b", book: try! SentenceMap(sentences: [TextSpan(start: 0, end: 18)], text: text), saved: nil),
        at: 0
      ).0
    for control: ControlName in [.menu] { state = Box.reduce(state, .control(name: control, gesture: .short), at: 1).0 }
    state = Box.reduce(state, .encoder(steps: 7), at: 1).0
    state = Box.reduce(state, .control(name: .play, gesture: .short), at: 1).0
    state = Box.reduce(state, .encoder(steps: 1), at: 1).0
    state = Box.reduce(state, .control(name: .play, gesture: .short), at: 1).0
    #expect(state.display.textSize == .large)
    let screen = ScreenModel.screen(for: state, display: DisplayState(state.display, at: 1), title: nil, at: 1)
    #expect(screen == .reading(sentence: text, word: nil, sizeStep: 4))
    #expect(TextSize.larger.next == .small)
  }
}
