/// The reading box's state: playback, and where the listener's place is kept.
public struct BoxState: Equatable, Sendable {
  public var bookID: String?
  public var playback: PlaybackState
  public var position: PositionState
  /// Why positions cannot be kept right now (a read-only or full disk); reading goes on regardless.
  public var storeProblem: String?
  /// The menu, while it is open: the box is in menu mode.
  public var menu: MenuState?
  /// The books the box can open, by title.
  public var library: [LibraryBook] = []
  /// The sleep timer, when it is set: it counts down only while the book is being read.
  public var sleepTimer: SleepTimer?
  /// The open book's title, as shown and said.
  public var title: String?
  /// The file the open book came from, kept so the box reopens it after a restart.
  public var bookPath: String?
  /// What the listener chose for the display (view, night mode, status) and when a control was last used.
  public var display = DisplayView()
  /// The open book's chapters, in reading order.
  public var chapters: [ChapterMark] = []
  /// Reading starts once the announcement being said ends (the greeting at power on).
  public var playAfterAnnouncement = false
  /// Reading was stopped to say something over it (where am I, a new speed): it goes on once that is said,
  /// even when more is said before it ends.
  public var resumeAfterSaying = false
  /// What is missing or broken, in words ("The buttons are not working"), said with the greeting.
  public var missingParts: [String] = []
  /// The sound card and amplifier: on while anything may be heard; released after a stop, the end, or
  /// a pause longer than `audioIdleSeconds`.
  public var audio = AudioPower()
  /// Controls held down past the long-press time (BACK and MENU together make the key describer's chord).
  public var held = HeldControls()
  /// The key describer, while it is on: each press says what the control does instead of doing it.
  public var describer: KeyDescriber?
  /// Where the listener was before the last jump (a chapter, a bookmark, a burst of knob detents); undo
  /// goes back there.
  public var undoPlace: Int?
  /// When the listener last jumped: detents close together are one jump, for undo.
  public var lastJumpTime: Double?
  /// The open book's bookmarks, as offsets in reading order.
  public var bookmarks: [Int] = []
  /// The print edition's pages, in reading order, and where the text refers to a note (skipped or not).
  public var pages: [PageMark] = []
  public var notes: [Int] = []
  /// Where the open book's paragraphs start, in reading order.
  public var paragraphs: [Int] = []
  /// What a detent of the knob moves by, turned, and turned while pushed in.
  public var knob = KnobUnit.sentence
  public var pushedKnob = KnobUnit.paragraph
  /// The open book's language (declared or detected), for the voices offered first.
  public var bookLanguage: String?
  /// The installed voices.
  public var voices: [VoiceChoice] = []
  public var volume = 100
  public var pitch = 50
  public var earcons = true
  /// The version and free space, as the About page says them (asked for when it is entered).
  public var about: SystemFacts?
  /// When reading was paused: a pause longer than `longPauseSeconds` resumes at the sentence's start.
  public var pausedAt: Double?
  public var longPauseSeconds: Double = 600
  /// The book chosen in the menu that is being opened: once it is, its title and chapter are said and
  /// reading starts.
  public var openingFromMenu: String?

  public init(playback: PlaybackState = PlaybackState(), policy: SavePolicy = SavePolicy()) {
    self.playback = playback
    self.position = PositionState(policy: policy)
  }
}

public enum BoxEvent: Equatable, Sendable {
  case playback(PlaybackEvent)
  /// A named control (a button, a key) was used; what it does depends on the mode, decided here.
  case control(name: String, gesture: Gesture)
  /// The knob turned this many detents (positive clockwise).
  case encoder(steps: Int)
  /// The knob turned while pushed in.
  case encoderPushed(steps: Int)
  /// A book was opened, with the place the store had kept for it.
  case bookOpened(
    bookID: String, book: SentenceMap, saved: ReadingPosition?, title: String? = nil, path: String? = nil,
    chapters: [ChapterMark] = [], bookmarks: [Int] = [], pages: [PageMark] = [], notes: [Int] = [],
    language: String? = nil, settings: PlaybackSettings? = nil, paragraphs: [Int] = [])
  /// The box has started: say where the listener is and go on reading, or how to choose a book.
  case poweredOn
  /// The last announcement was said to its end (not cut off by something newer).
  case announcementFinished
  /// A part of the box is missing or broken (the buttons' GPIO chip): said at power on, after the book.
  case partMissing(String)
  case clockTicked
  case positionStoreFailed(reason: String)
  case positionStoreRecovered
  case menu(MenuEvent)
  /// The voices installed (posted at start).
  case voicesFound([VoiceChoice])
  /// The version and free space, asked for by the About page.
  case systemDescribed(SystemFacts)
  /// The books in the library changed (found at start, a drive plugged in, a file added).
  case libraryChanged([LibraryBook])
  /// A book chosen in the menu could not be opened: why, said to the listener.
  case bookFailedToOpen(title: String, reason: String)
}

/// The rate and voice the listener chose, kept across restarts.
public struct PlaybackSettings: Equatable, Sendable {
  public var wpm: Int
  public var voice: String

  public init(wpm: Int, voice: String) {
    self.wpm = wpm
    self.voice = voice
  }
}

public enum BoxEffect: Equatable, Sendable {
  case playback(PlaybackEffect)
  /// Hand the engine the text it will speak from now on.
  case loadBook(SentenceMap)
  case savePosition(PositionSave)
  /// The listener changed the rate or voice: keep it, durably.
  case saveSettings(PlaybackSettings)
  /// This book is the one to reopen after a restart.
  case rememberOpenBook(bookID: String, path: String? = nil)
  /// Say this (a menu item, a confirmation) with the reading voice and rate; nothing is reading meanwhile.
  case announce(text: String, wpm: Int, voice: String)
  /// Open this book of the library (the runtime reads its file and posts `bookOpened`).
  case openLibraryBook(bookID: String)
  /// Keep a bookmark of the open book, durably.
  case addBookmark(bookID: String, position: ReadingPosition)
  case removeBookmark(bookID: String, offset: Int)
  /// A short tone (dropped when the listener turned them off).
  case earcon(Earcon)
  /// The volume (percent) and pitch for what is heard from now on.
  case setVolume(Int)
  case setPitch(Int)
  /// Keep the settings besides rate and voice, durably.
  case saveBoxSettings(BoxSettings)
  /// Keep the rate and voice chosen for this book.
  case saveBookSettings(bookID: String, settings: PlaybackSettings)
  /// Find the version and free space (posts `systemDescribed`).
  case describeSystem
  /// Fade the sound to silence over this many seconds (the sleep timer's end).
  case fadeOut(seconds: Double)
  /// Back to full volume at once (a fade cancelled, reading after the timer).
  case restoreVolume
}

/// Playback composed with PlaybackPosition: playback decides, and its changes become position events.
public enum Box {
  public static func reduce(_ state: BoxState, _ event: BoxEvent, at time: Double) -> (
    BoxState, [BoxEffect]
  ) {
    var (next, effects) = handle(state, event, at: time)
    if !next.earcons { effects.removeAll { if case .earcon = $0 { return true } else { return false } } }
    // Steps nest (a control's events are reduced inside it): each setting is saved once, as it ends up.
    effects.removeAll {
      switch $0 {
      case .saveBookSettings, .saveBoxSettings: return true
      default: return false
      }
    }
    // A rate or voice the listener chose (a control, the knob, the menu) while a book is open is that book's
    // from now on; a voice the box picks for a book's language is not.
    if isListenersChoice(event), let bookID = next.bookID, bookID == state.bookID,
      next.playback.wpm != state.playback.wpm || next.playback.voice != state.playback.voice
    {
      effects.append(
        .saveBookSettings(
          bookID: bookID, settings: PlaybackSettings(wpm: next.playback.wpm, voice: next.playback.voice)))
    }
    if next.boxSettings != state.boxSettings { effects.append(.saveBoxSettings(next.boxSettings)) }
    // Something said keeps the sound on (the effect handler powers it up for it): no release in the same
    // step, and the quiet time counts from when the saying ends.
    if effects.contains(where: { if case .announce = $0 { return true } else { return false } }) {
      effects.removeAll { $0 == .playback(.deactivateAudio) }
      next.audio.isActive = true
      next.audio.pausedSince = nil
    } else if effects.contains(where: { if case .earcon = $0 { return true } else { return false } }),
      next.playback.phase.liveUtterance == nil
    {
      // A tone alone opens the sound too: it is released after the quiet time, like a pause's.
      effects.removeAll { $0 == .playback(.deactivateAudio) }
      next.audio.isActive = true
      next.audio.pausedSince = time
    }
    return (next, effects)
  }

  private static func handle(_ state: BoxState, _ event: BoxEvent, at time: Double) -> (
    BoxState, [BoxEffect]
  ) {
    var next = state
    var effects: [BoxEffect] = []
    switch event {
    case .playback(let playbackEvent):
      // In the menu the listener's playback controls do nothing (a control mapped just before the menu
      // opened must not start reading under it); the engine's callbacks, and the voice a book opened from
      // the menu asks for, still count.
      if state.menu != nil, playbackEvent.engineToken == nil {
        guard case .voiceChanged = playbackEvent else { return (state, []) }
      }
      let (playback, effect) = Playback.reduce(state.playback, playbackEvent)
      next.playback = playback
      if let effect { effects.append(.playback(effect)) }
      if let positionEvent = positionEvent(from: state.playback, to: playback, effect: effect, at: time) {
        let (position, save) = PlaybackPositionReducer.reduce(state.position, positionEvent)
        next.position = position
        if let save { effects.append(.savePosition(save)) }
      }
      if playback.wpm != state.playback.wpm || playback.voice != state.playback.voice {
        effects.append(.saveSettings(PlaybackSettings(wpm: playback.wpm, voice: playback.voice)))
      }
      next.audio = AudioPower.follow(state.audio, from: state.playback.phase, to: playback.phase, at: time)
      if effect != .deactivateAudio, state.audio.isActive, !next.audio.isActive {
        effects.append(.playback(.deactivateAudio))
      }
      switch (state.playback.phase, playback.phase) {
      case (.paused, .paused): break
      case (_, .paused): next.pausedAt = time
      default: next.pausedAt = nil
      }
      if case .utteranceDidFinish = playbackEvent, case .finished = playback.phase, state.playback.phase != .finished {
        effects.append(Box.say("The end of the book. Press PLAY to start over.", in: next))
        effects.append(.earcon(.endOfBook))
      }
      let (timed, timerEffects) = SleepTimers.followed(state, next, playbackEvent, at: time)
      next = timed
      effects += timerEffects
    case .control(let name, let gesture):
      // The listener took over: the greeting no longer starts reading by itself.
      next.playAfterAnnouncement = false
      next.display.lastInput = time
      return ControlHandling.handle(next, control: name, gesture: gesture, at: time)
    case .encoder(let steps):
      next.playAfterAnnouncement = false
      next.display.lastInput = time
      return ControlHandling.handle(next, encoderSteps: steps, pushed: false, at: time)
    case .encoderPushed(let steps):
      next.playAfterAnnouncement = false
      next.display.lastInput = time
      return ControlHandling.handle(next, encoderSteps: steps, pushed: true, at: time)
    case .partMissing(let part):
      guard !state.missingParts.contains(part) else { return (state, []) }
      next.missingParts.append(part)
    case .poweredOn:
      guard state.bookID != nil, !state.playback.book.isEmpty else {
        let problems = state.missingParts.map { " " + $0 + "." }.joined()
        effects.append(
          Box.say("No book is open. Press MENU, then choose one from Books." + problems, in: state))
        return (state, effects)
      }
      guard state.playback.offset < state.playback.book.endOffset else {
        // Kept at its end: read again only when asked.
        let problems = state.missingParts.map { " " + $0 + "." }.joined()
        let title = state.title.map { $0.hasSuffix(".") ? $0 + " " : $0 + ". " } ?? ""
        effects.append(
          Box.say(title + "You finished this book. Press PLAY to start over." + problems, in: state))
        return (state, effects)
      }
      next.playAfterAnnouncement = true
      // Reading goes on from the start of the kept sentence, so the listener finds the thread again.
      next.playback.offset = SleepTimers.sentenceStart(state)
      effects.append(Box.say(greeting(state), in: state))
    case .announcementFinished:
      guard state.playAfterAnnouncement || state.resumeAfterSaying else {
        // Said, and nothing is read: the sound stays on for a while (the next menu item needs no start-up),
        // and is released like a pause's.
        guard state.audio.isActive, state.playback.phase.liveUtterance == nil else { return (state, []) }
        next.audio.pausedSince = time
        return (next, [])
      }
      next.playAfterAnnouncement = false
      next.resumeAfterSaying = false
      guard state.menu == nil, state.playback.phase.liveUtterance == nil else { return (next, []) }
      return reduce(next, .playback(.primaryTapped), at: time)
    case .bookOpened(
      let bookID, let book, let saved, let title, let path, let chapters, let bookmarks, let pages, let notes,
      let language, let settings, let paragraphs):
      if let live = state.playback.phase.liveUtterance {
        effects.append(.playback(.stop(token: live.token)))
      }
      // Remember where the old book was left before its reducer state is replaced.
      var closing = state.position
      if state.bookID != nil, state.playback.offset != (closing.current?.offset ?? 0) {
        closing.current = ReadingPosition(offset: state.playback.offset, sentence: state.playback.sentenceIndex)
      }
      let restored = saved.flatMap { $0.offset <= book.endOffset && $0.offset >= 0 ? $0 : nil }
      let (position, save) = PlaybackPositionReducer.reduce(
        closing, .bookOpened(bookID: bookID, saved: restored, at: time))
      if let save { effects.append(.savePosition(save)) }
      next.bookID = bookID
      next.title = title
      next.bookPath = path
      next.chapters = chapters
      next.bookmarks = bookmarks.filter { $0 >= 0 && $0 <= book.endOffset }.sorted()
      next.pages = pages.filter { $0.start >= 0 && $0.start <= book.endOffset }
      next.notes = notes.filter { $0 >= 0 && $0 <= book.endOffset }
      next.bookLanguage = language
      next.paragraphs = paragraphs.filter { $0 >= 0 && $0 <= book.endOffset }
      next.undoPlace = nil
      next.lastJumpTime = nil
      next.pausedAt = nil
      next.position = position
      // The rate and voice chosen for this book, if it has its own; else the box's.
      next.playback = PlaybackState(
        book: book, offset: restored?.offset ?? 0, wpm: settings?.wpm ?? state.playback.wpm,
        voice: settings?.voice ?? state.playback.voice,
        wpmLimits: state.playback.wpmLimits, utteranceToken: state.playback.utteranceToken)
      next = SleepTimers.bookChanged(next)
      // What was being read (or paused) is over: its sound is released, as at a stop.
      if state.playback.phase.liveUtterance != nil, state.audio.isActive {
        next.audio = AudioPower.follow(state.audio, from: state.playback.phase, to: .idle, at: time)
        effects.append(.playback(.deactivateAudio))
      }
      effects.append(.loadBook(book))
      if bookID != state.bookID || path != state.bookPath {
        effects.append(.rememberOpenBook(bookID: bookID, path: path))
      }
      if state.openingFromMenu != nil {
        // Chosen in the menu: say where the listener is in it, then read (or ask, for a finished book).
        next.openingFromMenu = nil
        let (greeted, greeting) = reduce(next, .poweredOn, at: time)
        next = greeted
        effects += greeting
      }
    case .clockTicked:
      switch state.playback.phase {
      case .speaking, .pausing:
        break
      case .paused, .idle, .finished:
        // Quiet for long (a pause, or the end of something said): the sound card closes and the amplifier
        // goes off, so the box neither hisses nor draws power.
        if state.audio.isIdle(at: time) {
          next.audio.isActive = false
          next.audio.pausedSince = nil
          effects.append(.playback(.deactivateAudio))
        }
      }
      let (position, save) = PlaybackPositionReducer.reduce(state.position, .clockTicked(at: time))
      next.position = position
      if let save { effects.append(.savePosition(save)) }
      let (timed, timerEffects) = SleepTimers.ticked(next, at: time)
      next = timed
      effects += timerEffects
      // The key describer goes off by itself after a while without a press, and says so.
      if let describer = next.describer, describer.hasTimedOut(at: time) {
        next.describer = nil
        effects.append(Box.say("Key describer off.", in: next))
      }
    case .menu(let menuEvent):
      return Menu.reduce(state, menuEvent, at: time)
    case .bookFailedToOpen(let title, let reason):
      // From now on the book is listed with the reason, instead of failing again in silence.
      if let id = state.openingFromMenu, let index = state.library.firstIndex(where: { $0.id == id }) {
        next.library[index].problem = reason
      }
      next.openingFromMenu = nil
      effects.append(Box.say("Cannot open \(title): \(reason).", in: state))
      effects.append(.earcon(.error))
    case .voicesFound(let voices):
      next.voices = voices
    case .systemDescribed(let facts):
      next.about = facts
      if let menu = state.menu, menu.page == .about {
        effects.append(Box.say(Menu.announcement(menu, in: next, opening: true), in: next))
      }
    case .libraryChanged(let entries):
      // What was learnt by opening a book (that it cannot be) stays with it while it is the same book.
      next.library = entries.map { entry in
        var kept = entry
        if kept.problem == nil { kept.problem = state.library.first { $0.id == entry.id }?.problem }
        return kept
      }
      if var menu = state.menu, menu.page == .books {
        // The book the listener last heard stays selected; if it is gone, the one now under the cursor
        // is said, so choosing never opens a book that was not announced.
        let heard = menu.selected < state.library.count ? state.library[menu.selected].id : nil
        if let heard, let index = entries.firstIndex(where: { $0.id == heard }) {
          menu.selected = index
        } else {
          menu.selected = min(menu.selected, max(entries.count - 1, 0))
          next.menu = menu
          effects.append(Box.say(Menu.announcement(menu, in: next), in: next))
        }
        next.menu = menu
      }
    case .positionStoreFailed(let reason):
      next.storeProblem = reason
      // What was to be saved is not: the place counts as unsaved, so the next save (or clock tick) writes it.
      next.position.lastSaved = nil
    case .positionStoreRecovered:
      // Every save that works after a failure says so; the first one is news, the rest are not.
      guard state.storeProblem != nil else { return (state, []) }
      next.storeProblem = nil
      // Settings and the open book may have failed to save meanwhile: write them again.
      effects.append(.saveSettings(PlaybackSettings(wpm: state.playback.wpm, voice: state.playback.voice)))
      if let bookID = state.bookID { effects.append(.rememberOpenBook(bookID: bookID, path: state.bookPath)) }
    }
    return (next, effects)
  }

  /// Events that are the listener's own doing (not the engine's, nor the box's own choices).
  static func isListenersChoice(_ event: BoxEvent) -> Bool {
    switch event {
    case .control, .encoder, .encoderPushed, .menu: return true
    default: return false
    }
  }

  /// What the box says at power on: the book's title and the chapter the listener is in.
  static func greeting(_ state: BoxState) -> String {
    let chapter = state.chapters.last { $0.start <= state.playback.offset }?.title
    let parts = [state.title, chapter].compactMap { $0 }.map { $0.hasSuffix(".") ? $0 : $0 + "." }
    let place = state.playback.offset > 0 ? "" : " From the beginning."
    let problems = state.missingParts.map { " " + $0 + "." }.joined()
    return (parts.isEmpty ? "Reading." : parts.joined(separator: " ")) + place + problems
  }

  /// Handles events one after another, each on the state the one before left: what a control means is
  /// worked out on the state it meets.
  public static func reduce(_ state: BoxState, _ events: [BoxEvent], at time: Double) -> (
    BoxState, [BoxEffect]
  ) {
    var next = state
    var effects: [BoxEffect] = []
    for event in events {
      let (after, more) = reduce(next, event, at: time)
      next = after
      effects += more
    }
    return (next, effects)
  }

  /// What a playback transition means for the listener's place, if anything.
  public static func positionEvent(
    from before: PlaybackState, to after: PlaybackState, effect: PlaybackEffect?, at time: Double
  ) -> PositionEvent? {
    let place = ReadingPosition(offset: after.offset, sentence: after.sentenceIndex)
    switch (before.phase, after.phase) {
    case (_, .finished) where before.phase != .finished:
      return .finished(place, at: time)
    case (_, .idle) where before.phase.liveUtterance != nil:
      return .stopped(place, at: time)
    default:
      break
    }
    if case .startUtterance = effect, after.offset != before.offset {
      return .jumped(place, at: time)
    }
    if case .idle = after.phase, case .idle = before.phase, after.offset != before.offset {
      return .jumped(place, at: time)
    }
    if case .idle = after.phase, case .finished = before.phase, after.offset != before.offset {
      return .jumped(place, at: time)
    }
    if case .paused = after.phase {
      // Entering the pause, or a word that landed just after it: either way the listener may leave now.
      if case .paused = before.phase, after.offset == before.offset { return nil }
      return .paused(place, at: time)
    }
    if after.offset != before.offset, after.phase.liveUtterance != nil {
      return .heard(place, at: time)
    }
    return nil
  }
}
