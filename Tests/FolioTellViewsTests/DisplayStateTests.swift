import FolioTellControls
import FolioTellCore
import Testing

@testable import FolioTellViews

/// Bedside behaviour as event sequences: the root reducer's control events in, with its timers carried out
/// as the runtime carries them out (one started again replaces itself); the display's view and power at a
/// moment out.
@Suite struct DisplayStateTests {
  enum Step {
    case press(ControlName, Gesture, at: Double)
    case turn(Int, at: Double)
    case menuOpen
  }

  func press(_ control: ControlName, _ gesture: Gesture = .short, at time: Double) -> Step {
    .press(control, gesture, at: time)
  }

  /// The box from its first step at 0 (the voices found, as at power-on), its timers firing at their moments.
  struct TimedBox {
    var state: BoxState
    var due: [BoxTimer: Double] = [:]
    var fired: [(BoxTimer, Double)] = []
    /// The display's light as it changed, and when.
    var lights: [(DisplayView.Light, Double)] = []

    init(timing: DisplayTiming?) {
      state = BoxState()
      state.display.timing = timing
      send(.voicesFound([]), at: 0)
    }

    mutating func send(_ event: BoxEvent, at time: Double) {
      fire(until: time)
      apply(Box.reduce(state, event, at: time), at: time)
    }

    mutating func fire(until time: Double) {
      while let (timer, moment) = due.min(by: { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }),
        moment <= time
      {
        due[timer] = nil
        fired.append((timer, moment))
        apply(Box.reduce(state, .timerFired(timer), at: moment), at: moment)
      }
    }

    mutating func apply(_ step: (BoxState, [BoxEffect]), at time: Double) {
      if step.0.display.light != state.display.light { lights.append((step.0.display.light, time)) }
      state = step.0
      for case .startTimer(let timer, let after) in step.1 { due[timer] = time + after }
    }
  }

  func box(_ steps: [Step], until time: Double, timing: DisplayTiming? = DisplayTiming()) -> TimedBox {
    var box = TimedBox(timing: timing)
    for step in steps {
      switch step {
      case .press(let control, let gesture, let moment):
        box.send(.control(name: control, gesture: gesture), at: moment)
      case .turn(let steps, let moment):
        box.send(.encoder(steps: steps), at: moment)
      case .menuOpen:
        box.state.menu = MenuState()
      }
    }
    box.fire(until: time)
    return box
  }

  func view(_ steps: [Step]) -> DisplayView { box(steps, until: 0).state.display }

  func run(_ steps: [Step], at time: Double, timing: DisplayTiming = DisplayTiming()) -> DisplayState {
    DisplayState(box(steps, until: time, timing: timing).state.display)
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

  @Test func itDimsAndGoesDarkAtItsMomentsAndNoTimerIsLeftAfter() {
    let timed = box([press(.play, at: 5)], until: 10_000)
    #expect(timed.lights.map(\.0) == [.dimmed, .dark])
    #expect(timed.lights.map(\.1) == [35, 125])
    #expect(timed.fired.filter { $0.0 != .tick }.allSatisfy { $0.1 <= 125 })
    #expect(timed.state.armedTimers.filter { $0 != .tick }.isEmpty)
  }

  @Test func eachControlCountsTheDimmingAndDarknessAgainFromItself() {
    let timed = box([press(.play, at: 5), press(.next, at: 20), .turn(1, at: 40)], until: 1_000)
    #expect(timed.lights.map(\.0) == [.dimmed, .dark])
    #expect(timed.lights.map(\.1) == [70, 160])
  }

  @Test func aControlLightsADimmedDisplayAndItDimsAgainFromThere() {
    let timed = box([press(.play, at: 5), press(.next, at: 50)], until: 1_000)
    #expect(timed.lights.map(\.0) == [.dimmed, .bright, .dimmed, .dark])
    #expect(timed.lights.map(\.1) == [35, 50, 80, 170])
  }

  @Test func aBoxWithNoDisplayStartsNoDisplayTimer() {
    let timed = box([press(.play, at: 5)], until: 1_000, timing: nil)
    #expect(timed.fired.allSatisfy { $0.0 == .tick })
    #expect(timed.state.display.light == .bright)
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
    #expect(run(nightMode(at: 1), at: 60).power == .on(brightness: settings.nightBrightness))
    #expect(run(nightMode(at: 1), at: 121).power == .off)
    #expect(!view(nightMode(at: 1) + nightMode(at: 2)).night)
  }

  @Test func theDisplaySwitchedOffInTheMenuOrPutToSleepByTheTimerStaysDark() {
    var off = DisplayView()
    off.isOff = true
    #expect(DisplayState(off).power == .off)
    var asleep = DisplayView()
    asleep.asleep = true
    #expect(DisplayState(asleep).power == .off)
    // A control wakes it.
    var state = BoxState()
    state.display.asleep = true
    state = Box.reduce(state, .control(name: .next, gesture: .short), at: 2).0
    #expect(!state.display.asleep)
  }

  @Test func aLongMenuShowsTheStatusForAFewSeconds() {
    #expect(run([press(.menu, .long, at: 10)], at: 12).showsStatus)
    #expect(!run([press(.menu, .long, at: 10)], at: 15).showsStatus)
    // Asked again, it shows for its time from then.
    #expect(run([press(.menu, .long, at: 10), press(.menu, .release, at: 11), press(.menu, .long, at: 13)], at: 17).showsStatus)
  }

  @Test func controlsInTheMenuOnlyWakeTheDisplay() {
    let state = run([.menuOpen, press(.back, at: 200)], at: 200)
    #expect(state.power == .on(brightness: DisplaySettings().brightness))
    #expect(state.view == .reading)
  }

  @Test func offCanBeTurnedOff() {
    let settings = DisplaySettings()
    let timing = DisplayTiming(offAfter: 0)
    #expect(run([], at: 10_000, timing: timing).power == .on(brightness: settings.dimBrightness))
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
    let screen = ScreenModel.screen(for: state, display: DisplayState(), title: "Cats")
    #expect(screen == .reading(sentence: "It was warm there.", word: 3..<6))
  }

  @Test func theBigWordViewShowsOnlyTheWord() {
    let display = DisplayState(DisplayView(mode: .bigWord))
    #expect(
      ScreenModel.screen(
        for: reader("The cat sat. It was warm there.", wordAt: 20), display: display, title: nil)
        == .bigWord("warm"))
  }

  @Test func withNothingToReadAMessageSaysSo() {
    #expect(
      ScreenModel.screen(for: BoxState(), display: DisplayState(), title: nil)
        == .message(title: "FolioTell", text: "No book is open"))
    var failed = reader("The cat sat. It was warm there.", wordAt: nil)
    failed.playback.failure = "the sound card is gone"
    #expect(
      ScreenModel.screen(for: failed, display: DisplayState(), title: nil)
        == .message(title: "Speech stopped", text: "the sound card is gone"))
  }

  @Test func theOpenMenuIsShownWithItsPosition() {
    var state = reader("The cat sat. It was warm there.", wordAt: 4)
    state.menu = MenuState(page: .main, selected: 1)
    let screen = ScreenModel.screen(for: state, display: DisplayState(), title: nil)
    #expect(screen == .menu(title: "Menu", items: Menu.items(of: .main, in: state), selected: 1))
  }

  @Test func theDisplayShowsTheBoxsOwnWordsInItsLanguage() {
    var state = reader("Der Hund schlief. Es war warm.", wordAt: 4)
    state.settings.boxLanguage = "de"
    state.menu = MenuState(page: .main, selected: 1)
    let screen = ScreenModel.screen(for: state, display: DisplayState(), title: nil)
    #expect(screen == .menu(title: "Menü", items: Menu.items(of: .main, in: state), selected: 1))
    #expect(Menu.items(of: .main, in: state).first == "Bücher")
    state.menu = nil
    #expect(ScreenModel.status(of: state, title: nil).playback == "Angehalten")
    var empty = BoxState()
    empty.settings.boxLanguage = "ru"
    #expect(
      ScreenModel.screen(for: empty, display: DisplayState(), title: nil)
        == .message(title: "FolioTell", text: "Книга не открыта"))
  }

  @Test func aDarkDisplayShowsNothing() {
    var darkView = DisplayView()
    darkView.light = .dark
    let dark = DisplayState(darkView)
    #expect(
      ScreenModel.screen(
        for: reader("The cat sat. It was warm there.", wordAt: 4), display: dark, title: nil) == .blank)
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
    let screen = ScreenModel.screen(for: state, display: DisplayState(state.display), title: nil)
    #expect(screen == .reading(sentence: text, word: nil, sizeStep: 4))
    #expect(TextSize.larger.next == .small)
  }
}
