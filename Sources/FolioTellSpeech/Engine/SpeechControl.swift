import FolioTellCore

/// The speech engine's own rules, pure: which request waits, which is live, a pause done by the device or
/// by stopping, a tone carried over to what replaces its request, and which tokens are cancelled. Every
/// command returns the orders the engine carries out (report cancels, silence the device, wake the
/// worker, let the device go on), so the rules are tested without espeak-ng, a thread or a sound card.
struct SpeechControl: Equatable {
  struct Request: Equatable {
    var token: Int
    var offset: Int
    var wpm: Int
    var voice: String
    /// A resume after a pause the device could not do: the utterance goes on, no new start is posted.
    var isContinuation = false
    /// Not the book: a short text to say (a menu item), with a token of its own below zero.
    var announcement: String?
    /// The announcement's runs in each language (empty: all of it in `voice`).
    var languages: [LanguagePassage] = []
    /// A tone played before the speech (or alone, with an empty announcement).
    var tone: Earcon?
  }

  /// A pause done by stopping: the utterance, and the book offset to go on from once it has stopped.
  struct SoftPause: Equatable {
    var token: Int
    var resumeAt: Int?
  }

  /// What the engine must do after a command.
  struct Orders: Equatable {
    /// Utterances to report cancelled, in this order.
    var cancelled: [Int] = []
    /// Silence the device at once (the engine does it before the next request can start).
    var dropAudio = false
    /// A request waits: wake the worker.
    var wakeWorker = false
    /// Let the device play on from where it was paused.
    var resumeAudio = false
  }

  private(set) var book = SentenceMap.empty
  private(set) var request: Request?
  private(set) var live: Request?
  /// The live utterance being stopped: the worker sees it and ends it.
  private(set) var abort: Int?
  private(set) var hardwarePaused: Int?
  private(set) var softPause: SoftPause?
  /// The book offset of the last word heard of the live utterance.
  private(set) var lastHeard: Int?
  /// The rate and voice to go on with after a pause done by stopping, and for a tone alone.
  private(set) var lastRequest: Request?
  /// Announcements count down from -1, apart from the reducer's utterance tokens.
  private(set) var nextAnnouncement = -1
  /// The worker took a request and has not yet posted its last callback about it.
  private(set) var working = false
  /// The listener's pitch, once changed from the options'.
  private(set) var pitch: Int?

  // MARK: - Commands

  /// A new book: whatever is said of the old one stops, but an announcement ("Opening Emma.") goes on.
  mutating func load(_ book: SentenceMap) -> Orders {
    self.book = book
    let announcing = live?.announcement != nil || request?.announcement != nil
    return announcing ? Orders() : abortAll()
  }

  /// The loaded book, whole now: nothing stops; the live utterance reads on into the rest (`stream`).
  mutating func extend(_ book: SentenceMap) -> Orders {
    guard self.book.scalars.isPrefix(of: book.scalars) else { return load(book) }
    self.book = book
    return Orders()
  }

  /// Something to say now: it replaces anything live or waiting, and takes over a waiting tone.
  mutating func announce(_ text: String, wpm: Int, voice: String, languages: [LanguagePassage] = []) -> Orders {
    let token = nextAnnouncement
    nextAnnouncement -= 1
    return replace(
      with: Request(token: token, offset: 0, wpm: wpm, voice: voice, announcement: text, languages: languages))
  }

  /// The book from `offset`: it replaces anything live or waiting, and takes over a waiting tone.
  mutating func start(token: Int, offset: Int, wpm: Int, voice: String) -> Orders {
    replace(with: Request(token: token, offset: offset, wpm: wpm, voice: voice))
  }

  /// A tone goes before what is asked next (it is carried over when that is replaced), or alone when
  /// nothing is being said; over speech that is sounding, or a pause, it is dropped.
  mutating func earcon(_ earcon: Earcon) -> Orders {
    if request != nil {
      request?.tone = earcon
      return Orders()
    }
    guard live == nil, softPause == nil else { return Orders() }
    // The voice last used: it is installed (the tone needs espeak-ng configured, not a voice of its own).
    request = Request(
      token: nextAnnouncement, offset: 0, wpm: SpeechRate.normal, voice: lastRequest?.voice ?? "en",
      announcement: "", tone: earcon)
    nextAnnouncement -= 1
    return Orders(wakeWorker: true)
  }

  mutating func setPitch(_ pitch: Int) { self.pitch = min(max(pitch, 0), 99) }

  mutating func stop(token: Int) -> Orders {
    if live?.token == token {
      abort = token
      softPause = nil
      hardwarePaused = nil
      return Orders(dropAudio: true)
    }
    if request?.token == token || softPause?.token == token {
      request = nil
      softPause = nil
      return Orders(cancelled: [token])
    }
    return Orders()
  }

  /// Whether `token` is sounding and can be paused; if so, it counts as paused by the device from now.
  mutating func pauseOnDevice(token: Int) -> Bool {
    guard live?.token == token, hardwarePaused == nil, abort != token else { return false }
    hardwarePaused = token
    return true
  }

  /// The device cannot pause: stop at the word being heard and start again from it on resume.
  mutating func pauseByStopping(token: Int) -> Orders {
    hardwarePaused = nil
    softPause = SoftPause(token: token, resumeAt: nil)
    abort = token
    return Orders(dropAudio: true)
  }

  /// A pause by the device plays on; a pause by stopping goes on from its word, as the same utterance.
  mutating func resume(token: Int) -> Orders {
    if hardwarePaused == token {
      hardwarePaused = nil
      return Orders(resumeAudio: true)
    }
    guard let paused = softPause, paused.token == token, let resumeAt = paused.resumeAt,
      let last = live ?? request ?? lastRequest
    else { return Orders(resumeAudio: true) }
    softPause = nil
    request = Request(token: token, offset: resumeAt, wpm: last.wpm, voice: last.voice, isContinuation: true)
    return Orders(wakeWorker: true)
  }

  // MARK: - The worker

  /// The waiting request, now live, with the book it reads.
  mutating func take() -> (Request, SentenceMap)? {
    guard let taken = request else { return nil }
    request = nil
    live = taken
    working = true
    if taken.announcement == nil { lastRequest = taken }
    abort = nil
    return (taken, book)
  }

  mutating func beginStreaming() { lastHeard = nil }
  mutating func heard(offset: Int) { lastHeard = offset }

  /// The book's utterance ended (finished, stopped or failed). True when it was a pause by stopping,
  /// which now knows the word to go on from.
  mutating func utteranceEnded(_ ended: Request) -> Bool {
    live = nil
    abort = nil
    guard var paused = softPause, paused.token == ended.token else { return false }
    paused.resumeAt = lastHeard ?? ended.offset
    softPause = paused
    return true
  }

  /// An announcement ended. True when it was said to its end, with nothing newer waiting.
  mutating func announcementEnded(token: Int) -> Bool {
    let finished = abort != token && request == nil
    if live?.token == token { live = nil }
    if abort == token { abort = nil }
    return finished
  }

  /// The worker posted its last callback about what it took.
  mutating func workDone() { working = false }

  func isAborted(_ token: Int) -> Bool { abort == token }
  var isWaiting: Bool { request != nil }
  /// Nothing waits and nothing is live: the device may be let go.
  var isQuiet: Bool { request == nil && live == nil }
  /// Quiet, and every callback about earlier requests has been posted.
  var isIdle: Bool { isQuiet && !working }

  // MARK: -

  /// Ends whatever is live or waiting: a pause by stopping (nothing live) is cancelled at once; the live
  /// utterance is aborted and its device audio dropped (the worker posts its cancel).
  private mutating func abortAll() -> Orders {
    var orders = Orders()
    if let paused = softPause?.token, live == nil { orders.cancelled.append(paused) }
    softPause = nil
    hardwarePaused = nil
    request = nil
    if let running = live {
      abort = running.token
      orders.dropAudio = true
    }
    return orders
  }

  /// A new request in place of everything: a book utterance that had not started is cancelled (an
  /// announcement that had not started has no utterance to cancel), and a waiting tone goes with the new one.
  private mutating func replace(with new: Request) -> Orders {
    let unstarted = request.flatMap { $0.announcement == nil ? $0.token : nil }
    let tone = request?.tone
    var orders = abortAll()
    var next = new
    next.tone = tone
    request = next
    if let unstarted { orders.cancelled.append(unstarted) }
    orders.wakeWorker = true
    return orders
  }
}
