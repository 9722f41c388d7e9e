extension Box {
  /// An event that came in (or that a feature sent as one), to the feature it is for.
  static func handle(_ event: BoxEvent, _ state: BoxState, at time: Double) -> Outcome {
    var next = state
    var effects: [BoxEffect] = []
    switch event {
    case .playback(let playbackEvent):
      // In the menu the listener's playback controls do nothing (a control mapped just before the menu
      // opened must not start reading under it); the engine's callbacks still count, and so does a voice
      // change in traces recorded when the library posted a book's voice before opening it from the menu.
      if state.menu != nil, playbackEvent.engineToken == nil {
        guard case .voiceChanged = playbackEvent else { return Outcome(state) }
      }
      return playbackStep(playbackEvent, state, at: time)
    case .control(let name, let gesture):
      let touched = controlUsed(&next, at: time)
      let context = FeatureContext(next, at: time)
      if let answered = Updates.control(next.updates, name, gesture, context) {
        return next.scoping(\.updates, answered).after(touched)
      }
      // Any control but the answers withdraws an offered update (held PLAY must not install it by surprise).
      next.updates.offer = nil
      let mode = ControlMap.mode(of: next)
      return next.scoping(\.controls, ControlHandling.pressed(next.controls, name, gesture, mode: mode, context))
        .after(touched)
    case .encoder(let steps), .encoderPushed(let steps):
      // A turn moves the place: the listener took over, and the greeting no longer starts reading.
      next.saying.playAfterAnnouncement = false
      let touched = controlUsed(&next, at: time)
      var pushed: Bool { if case .encoderPushed = event { return true } else { return false } }
      let context = FeatureContext(next, at: time)
      let mode = ControlMap.mode(of: next)
      return next.scoping(\.controls, ControlHandling.turned(next.controls, steps: steps, pushed: pushed, mode: mode, context))
        .after(touched)
    case .partMissing(let part):
      guard !state.condition.missingParts.contains(part) else { return Outcome(state) }
      next.condition.missingParts.append(part)
    case .poweredOn:
      return Greeting.poweredOn(state)
    case .reloaded(let carried):
      return Reload.carriedOver(carried, into: state, at: time)
    case .announcementFinished:
      // "Restarting to finish the update" was said: the box restarts.
      if state.updates.restartWhenSaid { return Outcome(state, [.restartForUpdate]) }
      guard state.saying.playAfterAnnouncement || state.saying.resumeAfterSaying else {
        // Said, and nothing is read: the sound stays on for a while (the next menu item needs no start-up),
        // and is released like a pause's.
        guard state.audio.isActive, state.playback.phase.liveUtterance == nil else { return Outcome(state) }
        next.audio.pausedSince = time
        return Outcome(next)
      }
      next.saying.playAfterAnnouncement = false
      next.saying.resumeAfterSaying = false
      guard state.menu == nil, state.playback.phase.liveUtterance == nil else { return Outcome(next) }
      return Outcome(next, send: [.playback(.primaryTapped)])
    case .bookOpened(
      let bookID, let book, let saved, let title, let path, let chapters, let bookmarks, let pages, let notes,
      let language, let settings, let paragraphs):
      let opened = OpenedBook(
        bookID: bookID, book: book, saved: saved, title: title, path: path, chapters: chapters, bookmarks: bookmarks,
        pages: pages, notes: notes, language: language, settings: settings, paragraphs: paragraphs)
      var outcome = opened.open(in: state, at: time)
      outcome.state.library.opened(bookID)
      return outcome
    case .bookIndexed(let bookID, let book, let chapters, let pages, let notes, let paragraphs):
      let indexed = IndexedBook(
        bookID: bookID, book: book, chapters: chapters, pages: pages, notes: notes, paragraphs: paragraphs)
      return indexed.take(in: state, at: time)
    case .timerFired(let timer):
      next.armedTimers.removeAll { $0 == timer }
      switch timer {
      case .tick: return Ticks.ticked(next, at: time)
      case .dimDisplay, .darkenDisplay, .endStatus:
        next.display = DisplayFeature.reduce(next.display, .timerFired(timer), at: time)
      }
    case .menu(let menuEvent):
      return state.scoping(\.menu, Menu.reduce(state.menu, menuEvent, MenuContext(state, at: time)))
    case .bookFailedToOpen(let title, let reason):
      // From now on the book is listed with the reason, instead of failing again in silence.
      if let id = state.library.opening, let index = state.library.books.firstIndex(where: { $0.id == id }) {
        next.library.books[index].problem = reason
      }
      next.library.opening = nil
      effects.append(Box.say(state.words(.cannotOpenBook, .book(title, language: nil), .book(reason, language: "en")), in: state))
      effects.append(.earcon(.error))
    case .voicesFound(let voices):
      next.settings.voices = voices
    case .systemDescribed(let facts):
      next.condition.about = facts
      if let menu = state.menu, menu.page == .about {
        effects.append(Box.say(Menu.announcement(menu, in: next, opening: true), in: next))
      }
    case .libraryChanged(let entries):
      return libraryChanged(entries, state, at: time)
    case .update(let updateEvent):
      return state.scoping(\.updates, Updates.reduce(state.updates, updateEvent, FeatureContext(state, at: time)))
    case .shuttingDown:
      // Nothing said or read after this: a greeting or an interjection that ends later does not start reading.
      next.saying.playAfterAnnouncement = false
      next.saying.resumeAfterSaying = false
      if state.playback.phase.liveUtterance != nil { return Outcome(next, send: [.playback(.stopTapped)]) }
      // A place not yet durable (heard between saves, or kept back while the store failed) is written now.
      guard let place = state.position.current, state.position.hasUnsavedChange else { return Outcome(next) }
      let (position, save) = PlaybackPositionReducer.reduce(state.position, .stopped(place, at: time))
      next.position = position
      if let save { effects.append(.savePosition(save)) }
    case .positionStoreFailed(let reason):
      next.condition.storeProblem = reason
      // What was to be saved is not: the place counts as unsaved, so the next save (or clock tick) writes it.
      next.position.lastSaved = nil
    case .positionStoreRecovered:
      // Every save that works after a failure says so; the first one is news, the rest are not.
      guard state.condition.storeProblem != nil else { return Outcome(state) }
      next.condition.storeProblem = nil
      // Settings and the open book may have failed to save meanwhile: write them again.
      effects.append(.saveSettings(state.savedSettings))
      if let bookID = state.book.id { effects.append(.rememberOpenBook(bookID: bookID, path: state.book.path)) }
    }
    return Outcome(next, effects)
  }

  /// A control was touched: the display wakes (from the sleep timer's darkness too) and counts its dimming
  /// from now, and a sleep timer's fade is taken back. Whether the greeting still starts reading is the
  /// intent's to say (`Box.intent`): where am I, asked over it, does not take over.
  static func controlUsed(_ state: inout BoxState, at time: Double) -> [BoxEffect] {
    state.display = DisplayFeature.reduce(state.display, .controlUsed, at: time)
    let touched = SleepTimers.controlTouched(state.sleepTimer, FeatureContext(state, at: time))
    state.sleepTimer = touched.state
    return touched.effects
  }
}
