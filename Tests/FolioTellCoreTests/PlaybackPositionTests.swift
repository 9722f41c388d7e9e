import Testing

@testable import FolioTellCore

/// A script for the position reducer: each step gives the event, the whole expected state, and the save.
struct PositionScript {
  var state: PositionState

  init(policy: SavePolicy = SavePolicy(interval: 30, boundaryWindow: 7.5)) {
    state = PositionState(policy: policy)
  }

  mutating func send(
    _ event: PositionEvent, save expected: PositionSave? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout PositionState) -> Void = { _ in }
  ) {
    var expectedState = state
    update(&expectedState)
    let (next, save) = PlaybackPositionReducer.reduce(state, event)
    #expect(next == expectedState, "state after \(event)", sourceLocation: sourceLocation)
    #expect(save == expected, "save after \(event)", sourceLocation: sourceLocation)
    state = next
  }

  mutating func open(_ bookID: String = "book", saved: ReadingPosition? = nil, at time: Double = 0) {
    send(.bookOpened(bookID: bookID, saved: saved, at: time)) {
      $0.bookID = bookID
      $0.current = saved
      $0.lastSaved = saved
      $0.lastSaveTime = time
    }
  }
}

func place(_ offset: Int, _ sentence: Int) -> ReadingPosition { ReadingPosition(offset: offset, sentence: sentence) }

@Suite struct PlaybackPositionTests {
  @Test func openingABookRestoresItsSavedPosition() {
    var script = PositionScript()
    script.open(saved: place(120, 7))
    #expect(script.state.restoredOffset == 120)
  }

  @Test func aBookNeverReadStartsAtZero() {
    var script = PositionScript()
    script.open()
    #expect(script.state.restoredOffset == 0)
  }

  @Test func wordsWithinTheIntervalAreNotSaved() {
    var script = PositionScript()
    script.open()
    script.send(.heard(place(4, 0), at: 1)) { $0.current = place(4, 0) }
    script.send(.heard(place(20, 1), at: 5)) { $0.current = place(20, 1) }
  }

  @Test func aSentenceBoundaryInsideTheWindowBeforeTheDeadlineIsSaved() {
    var script = PositionScript()
    script.open()
    script.send(.heard(place(4, 0), at: 10)) { $0.current = place(4, 0) }
    script.send(
      .heard(place(15, 1), at: 23),
      save: PositionSave(bookID: "book", position: place(15, 1), reason: .whileSpeaking, time: 23)
    ) {
      $0.current = place(15, 1)
      $0.lastSaved = place(15, 1)
      $0.lastSaveTime = 23
    }
  }

  @Test func aSentenceBoundaryTooEarlyIsNotSaved() {
    var script = PositionScript()
    script.open()
    script.send(.heard(place(15, 1), at: 20)) { $0.current = place(15, 1) }
  }

  @Test func midSentenceTheDeadlineForcesASave() {
    var script = PositionScript()
    script.open()
    script.send(.heard(place(0, 0), at: 1)) { $0.current = place(0, 0) }
    script.send(.heard(place(4, 0), at: 25)) { $0.current = place(4, 0) }
    script.send(
      .heard(place(8, 0), at: 30),
      save: PositionSave(bookID: "book", position: place(8, 0), reason: .whileSpeaking, time: 30)
    ) {
      $0.current = place(8, 0)
      $0.lastSaved = place(8, 0)
      $0.lastSaveTime = 30
    }
  }

  @Test func savesWhileSpeakingAreNotDurable() {
    #expect(!SaveReason.whileSpeaking.isDurable)
    #expect(SaveReason.allCases.filter(\.isDurable).count == 5)
  }

  @Test func pauseSavesAtOnce() {
    var script = PositionScript()
    script.open()
    script.send(
      .paused(place(20, 1), at: 2), save: PositionSave(bookID: "book", position: place(20, 1), reason: .paused, time: 2)
    ) {
      $0.current = place(20, 1)
      $0.lastSaved = place(20, 1)
      $0.lastSaveTime = 2
    }
  }

  @Test func pauseAtTheSavedPlaceSavesNothing() {
    var script = PositionScript()
    script.open(saved: place(20, 1))
    script.send(.paused(place(20, 1), at: 2))
  }

  @Test func stopSavesAtOnce() {
    var script = PositionScript()
    script.open()
    script.send(
      .stopped(place(8, 0), at: 3), save: PositionSave(bookID: "book", position: place(8, 0), reason: .stopped, time: 3)
    ) {
      $0.current = place(8, 0)
      $0.lastSaved = place(8, 0)
      $0.lastSaveTime = 3
    }
  }

  @Test func aJumpSavesAtOnce() {
    var script = PositionScript()
    script.open()
    script.send(
      .jumped(place(30, 2), at: 1), save: PositionSave(bookID: "book", position: place(30, 2), reason: .jumped, time: 1)
    ) {
      $0.current = place(30, 2)
      $0.lastSaved = place(30, 2)
      $0.lastSaveTime = 1
      $0.lastJumpSaveTime = 1
    }
  }

  @Test func aBurstOfJumpsIsSavedOnceWhereReadingGoesOn() {
    var script = PositionScript()
    script.open()
    script.send(
      .jumped(place(30, 2), at: 1), save: PositionSave(bookID: "book", position: place(30, 2), reason: .jumped, time: 1)
    ) {
      $0.current = place(30, 2)
      $0.lastSaved = place(30, 2)
      $0.lastSaveTime = 1
      $0.lastJumpSaveTime = 1
    }
    // The knob spun on: each detent is a jump, none written to the card yet.
    script.send(.jumped(place(45, 3), at: 1.5)) {
      $0.current = place(45, 3)
      $0.unsavedJumpTime = 1.5
    }
    script.send(.jumped(place(60, 4), at: 2)) {
      $0.current = place(60, 4)
      $0.unsavedJumpTime = 2
    }
    // Reading goes on there: that place is saved at once.
    script.send(
      .heard(place(60, 4), at: 2.4), save: PositionSave(bookID: "book", position: place(60, 4), reason: .jumped, time: 2.4)
    ) {
      $0.lastSaved = place(60, 4)
      $0.lastSaveTime = 2.4
      $0.lastJumpSaveTime = 2.4
      $0.unsavedJumpTime = nil
    }
  }

  @Test func aBurstOfJumpsWhilePausedIsSavedByTheTickAfterTheBurst() {
    var script = PositionScript()
    script.open()
    script.send(
      .jumped(place(30, 2), at: 1), save: PositionSave(bookID: "book", position: place(30, 2), reason: .jumped, time: 1)
    ) {
      $0.current = place(30, 2)
      $0.lastSaved = place(30, 2)
      $0.lastSaveTime = 1
      $0.lastJumpSaveTime = 1
    }
    script.send(.jumped(place(10, 1), at: 3)) {
      $0.current = place(10, 1)
      $0.unsavedJumpTime = 3
    }
    // Too soon after the last jump: the burst may not be over.
    script.send(.clockTicked(at: 6))
    script.send(
      .clockTicked(at: 8), save: PositionSave(bookID: "book", position: place(10, 1), reason: .jumped, time: 8)
    ) {
      $0.lastSaved = place(10, 1)
      $0.lastSaveTime = 8
      $0.lastJumpSaveTime = 8
      $0.unsavedJumpTime = nil
    }
  }

  @Test func aJumpAfterTheBurstIsOverIsSavedAtOnceAgain() {
    var script = PositionScript()
    script.open()
    script.send(
      .jumped(place(30, 2), at: 1), save: PositionSave(bookID: "book", position: place(30, 2), reason: .jumped, time: 1)
    ) {
      $0.current = place(30, 2)
      $0.lastSaved = place(30, 2)
      $0.lastSaveTime = 1
      $0.lastJumpSaveTime = 1
    }
    script.send(
      .jumped(place(45, 3), at: 7), save: PositionSave(bookID: "book", position: place(45, 3), reason: .jumped, time: 7)
    ) {
      $0.current = place(45, 3)
      $0.lastSaved = place(45, 3)
      $0.lastSaveTime = 7
      $0.lastJumpSaveTime = 7
    }
  }

  @Test func aPauseRightAfterABurstSavesItsPlace() {
    var script = PositionScript()
    script.open()
    script.send(
      .jumped(place(30, 2), at: 1), save: PositionSave(bookID: "book", position: place(30, 2), reason: .jumped, time: 1)
    ) {
      $0.current = place(30, 2)
      $0.lastSaved = place(30, 2)
      $0.lastSaveTime = 1
      $0.lastJumpSaveTime = 1
    }
    script.send(.jumped(place(45, 3), at: 2)) {
      $0.current = place(45, 3)
      $0.unsavedJumpTime = 2
    }
    script.send(
      .paused(place(45, 3), at: 2.5), save: PositionSave(bookID: "book", position: place(45, 3), reason: .paused, time: 2.5)
    ) {
      $0.lastSaved = place(45, 3)
      $0.lastSaveTime = 2.5
      $0.unsavedJumpTime = nil
    }
  }

  @Test func theEndOfTheBookIsSaved() {
    var script = PositionScript()
    script.open()
    script.send(
      .finished(place(47, 2), at: 9),
      save: PositionSave(bookID: "book", position: place(47, 2), reason: .finished, time: 9)
    ) {
      $0.current = place(47, 2)
      $0.lastSaved = place(47, 2)
      $0.lastSaveTime = 9
    }
  }

  @Test func changingBooksSavesTheOldBooksPlaceFirst() {
    var script = PositionScript()
    script.open("first")
    script.send(.heard(place(20, 1), at: 4)) { $0.current = place(20, 1) }
    script.send(
      .bookOpened(bookID: "second", saved: place(5, 0), at: 6),
      save: PositionSave(bookID: "first", position: place(20, 1), reason: .bookChanged, time: 6)
    ) {
      $0.bookID = "second"
      $0.current = place(5, 0)
      $0.lastSaved = place(5, 0)
      $0.lastSaveTime = 6
    }
  }

  @Test func changingBooksWithNothingUnsavedSavesNothing() {
    var script = PositionScript()
    script.open("first", saved: place(20, 1))
    script.send(.bookOpened(bookID: "second", saved: nil, at: 6)) {
      $0.bookID = "second"
      $0.current = nil
      $0.lastSaved = nil
      $0.lastSaveTime = 6
    }
  }

  @Test func aTickPastTheIntervalSavesAnUnsavedPlace() {
    var script = PositionScript()
    script.open()
    script.send(.heard(place(4, 0), at: 3)) { $0.current = place(4, 0) }
    script.send(
      .clockTicked(at: 31), save: PositionSave(bookID: "book", position: place(4, 0), reason: .whileSpeaking, time: 31)
    ) {
      $0.lastSaved = place(4, 0)
      $0.lastSaveTime = 31
    }
  }

  @Test func aTickBeforeTheIntervalSavesNothing() {
    var script = PositionScript()
    script.open()
    script.send(.heard(place(4, 0), at: 3)) { $0.current = place(4, 0) }
    script.send(.clockTicked(at: 28.5))
  }

  @Test func aTickWithNothingNewSavesNothing() {
    var script = PositionScript()
    script.open(saved: place(4, 0))
    script.send(.clockTicked(at: 100))
  }

  @Test func eventsBeforeAnyBookIsOpenSaveNothing() {
    var script = PositionScript()
    script.send(.paused(place(4, 0), at: 1))
    script.send(.heard(place(4, 0), at: 100))
    script.send(.clockTicked(at: 100))
  }

  @Test func anHourOfListeningSavesAtMostEveryThirtySecondsPreferringSentenceStarts() {
    // 175 words per minute, sentences of 17 words: a boundary every ~5.8 s.
    var state = PositionState()
    state = PlaybackPositionReducer.reduce(state, .bookOpened(bookID: "b", saved: nil, at: 0)).0
    var saves: [Double] = []
    for word in 1...(175 * 60) {
      let time = Double(word) * 60 / 175
      let event = PositionEvent.heard(place(word * 6, word / 17), at: time)
      let (next, save) = PlaybackPositionReducer.reduce(state, event)
      state = next
      if let save { saves.append(save.time) }
    }
    #expect((115...145).contains(saves.count))
    let gaps = zip(saves.dropFirst(), saves).map { $0 - $1 }
    #expect(gaps.allSatisfy { $0 >= 24 && $0 <= 30 })
  }

  @Test func savesAreDueASecondEarlySoNoMoreThanTheIntervalIsLost() {
    #expect(SavePolicy(interval: 30).deadline == 29)
    #expect(SavePolicy(interval: 5).deadline == 4.5)
  }

  @Test func thePolicyKeepsItsWindowInsideTheInterval() {
    let policy = SavePolicy(interval: 10, boundaryWindow: 50)
    #expect(policy.boundaryWindow == 10)
    #expect(SavePolicy(interval: -3).interval == 0)
  }
}
