import Testing

@testable import FolioTellCore

/// `shuttingDown` is the fact that the box is being stopped. The word being heard is the place kept,
/// durably; a place not yet written is written; and nothing starts reading afterwards.
@Suite struct ShuttingDownTests {
  var state = Box.reduce(BoxState(), .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
  var effects: [BoxEffect] = []

  mutating func send(_ event: BoxEvent, at time: Double) {
    (state, effects) = Box.reduce(state, event, at: time)
  }

  var saves: [PositionSave] {
    effects.compactMap { if case .savePosition(let save) = $0 { save } else { nil } }
  }

  var startsReading: Bool {
    effects.contains { if case .playback(.startUtterance) = $0 { true } else { false } }
  }

  @Test mutating func readingStopsAtTheWordHeardAndThatWordIsKeptDurably() {
    send(.playback(.primaryTapped), at: 1)
    send(.playback(.utteranceDidStart(token: 1)), at: 1.1)
    send(.playback(.willSpeakRange(token: 1, location: 19, length: 4)), at: 2)
    #expect(saves.isEmpty)
    send(.shuttingDown, at: 3)
    #expect(effects.contains(.playback(.stop(token: 1))))
    #expect(saves.map(\.position.offset) == [19])
    #expect(saves.map(\.reason) == [.stopped])
    #expect(saves.allSatisfy { $0.reason.isDurable })
    #expect(state.playback.phase == .idle)
  }

  @Test mutating func aGreetingThatEndsAfterTheShutdownDoesNotStartReading() {
    send(.poweredOn, at: 0)
    #expect(state.saying.playAfterAnnouncement)
    send(.shuttingDown, at: 1)
    send(.announcementFinished, at: 2)
    #expect(!startsReading)
    #expect(state.playback.phase == .idle)
  }

  @Test mutating func aPlaceTheStoreCouldNotWriteIsWrittenAtTheShutdown() {
    send(.playback(.primaryTapped), at: 1)
    send(.playback(.willSpeakRange(token: 1, location: 15, length: 4)), at: 2)
    send(.playback(.stopTapped), at: 3)
    send(.positionStoreFailed(reason: "the disk is full"), at: 3.1)
    send(.positionStoreRecovered, at: 4)
    send(.shuttingDown, at: 5)
    #expect(saves.map(\.position.offset) == [15])
    #expect(saves.map(\.reason) == [.stopped])
  }

  @Test mutating func aBoxAtRestWithItsPlaceSavedDoesNothing() {
    send(.playback(.primaryTapped), at: 1)
    send(.playback(.willSpeakRange(token: 1, location: 15, length: 4)), at: 2)
    send(.playback(.stopTapped), at: 3)
    let before = state
    send(.shuttingDown, at: 4)
    #expect(effects.filter { !$0.isTimer }.isEmpty)
    #expect(state == before)
  }
}
