import Testing

@testable import FolioTellCore

/// A config reload builds the box again: the new box takes over the listener's side of the old one
/// (`CarriedOver`) without a greeting. Reading goes on, a pause stays a pause, the menu and the sleep
/// timer are as they were.
@Suite struct ReloadTests {
  var old = Box.reduce(BoxState(), .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
  var effects: [BoxEffect] = []

  mutating func send(_ event: BoxEvent, at time: Double) {
    (old, effects) = Box.reduce(old, event, at: time)
  }

  /// The new box: the book opened again at the place the old one saved, then the carried-over state.
  func newBox(_ carried: CarriedOver, at time: Double = 100) -> (state: BoxState, effects: [BoxEffect]) {
    let saved = old.position.current
    let opened = Box.reduce(BoxState(), .bookOpened(bookID: "three", book: Books.three, saved: saved), at: 0).0
    return Box.reduce(opened, .reloaded(carried), at: time)
  }

  func startsReading(_ effects: [BoxEffect]) -> Bool {
    effects.contains { if case .playback(.startUtterance) = $0 { true } else { false } }
  }

  func says(_ effects: [BoxEffect]) -> Bool {
    effects.contains { if case .announce = $0 { true } else { false } }
  }

  @Test mutating func readingGoesOnWithoutAGreeting() {
    send(.playback(.primaryTapped), at: 1)
    send(.playback(.utteranceDidStart(token: 1)), at: 1.1)
    let carried = CarriedOver(from: old, keepsLibrary: true)
    #expect(carried.wasReading)
    let (state, effects) = newBox(carried)
    #expect(startsReading(effects))
    #expect(!says(effects))
    #expect(state.playback.phase != .idle)
  }

  @Test mutating func aPauseStaysAPauseAndNothingIsSaid() {
    send(.playback(.primaryTapped), at: 1)
    send(.playback(.utteranceDidStart(token: 1)), at: 1.1)
    send(.playback(.primaryTapped), at: 2)
    let carried = CarriedOver(from: old, keepsLibrary: true)
    #expect(!carried.wasReading)
    let (state, effects) = newBox(carried)
    #expect(!startsReading(effects))
    #expect(!says(effects))
    #expect(state.saying.playAfterAnnouncement == false)
  }

  @Test mutating func theMenuAndTheSleepTimerAreAsTheyWere() {
    send(.control(name: .menu, gesture: .short), at: 1)
    old.sleepTimer = SleepTimer(remaining: 600, lastTick: 1, minutes: 10)
    let menu = old.menu
    #expect(menu != nil)
    let (state, effects) = newBox(CarriedOver(from: old, keepsLibrary: true), at: 50)
    #expect(state.menu == menu)
    #expect(state.sleepTimer?.remaining == 600)
    // The new box counts from its own clock: the time left is counted on from the reload.
    #expect(state.sleepTimer?.lastTick == 50)
    #expect(!startsReading(effects))
  }

  @Test mutating func aMenuOfOtherBooksIsClosedWhenTheLibraryChanged() {
    send(.control(name: .menu, gesture: .short), at: 1)
    let (state, _) = newBox(CarriedOver(from: old, keepsLibrary: false))
    #expect(state.menu == nil)
  }

  @Test mutating func aGreetingBeingSaidStillStartsReading() {
    send(.poweredOn, at: 0)
    #expect(CarriedOver(from: old, keepsLibrary: true).wasReading)
  }
}
