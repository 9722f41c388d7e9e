import FolioTellCore
import Synchronization

/// A speech engine without a voice: it "speaks" each word for 60/wpm seconds on the given scheduler
/// and posts the same callbacks a real engine posts, at the moments the listener would hear them.
/// The simulator and the runtime tests use it; nothing is synthesized.
public final class SimulatedSpeechEngine: SpeechEngine {
  private struct Live {
    var token: Int
    var words: [TextSpan]
    /// The next word to be heard.
    var next: Int
    var wpm: Int
    var timer: TimerID?
    var paused = false
  }
  private struct State {
    var book = SentenceMap.empty
    var live: Live?
    /// The announcement being "said", until its words have had their time.
    var announcement: TimerID?
  }

  private let sink: any EventSink
  private let scheduler: any TimerScheduler
  private let state = Mutex(State())
  /// Extra silence after a sentence's last word, in word lengths.
  private let sentencePause = 1.0

  public init(sink: any EventSink, scheduler: any TimerScheduler) {
    self.sink = sink
    self.scheduler = scheduler
  }

  public func load(book: SentenceMap) {
    let replaced = state.withLock { state -> Live? in
      state.book = book
      defer { state.live = nil }
      return state.live
    }
    if let replaced { end(replaced) }
  }

  public func extend(book: SentenceMap) {
    state.withLock { state in
      let end = state.book.endOffset
      state.book = book
      guard var live = state.live else { return }
      live.words += Self.words(in: book, from: end).filter { $0.start >= end }
      state.live = live
    }
  }

  public func startUtterance(token: Int, offset: Int, wpm: Int, voice: String) {
    cancelAnnouncement()
    let replaced = state.withLock { state -> Live? in
      let previous = state.live
      state.live = Live(token: token, words: Self.words(in: state.book, from: offset), next: 0, wpm: max(wpm, 1))
      return previous
    }
    if let replaced { end(replaced) }
    sink.post(.playback(.utteranceDidStart(token: token)))
    scheduleNextWord(token: token, after: 0)
  }

  public func pause(token: Int) {
    let paused = state.withLock { state -> TimerID?? in
      guard var live = state.live, live.token == token, !live.paused else { return nil }
      live.paused = true
      let timer = live.timer
      live.timer = nil
      state.live = live
      return .some(timer)
    }
    guard let paused else { return }
    if let timer = paused { scheduler.cancel(timer) }
    // Nothing is buffered ahead of the listener here, so the audio is silent as soon as the timer is gone.
    sink.post(.playback(.pauseResolved(token: token)))
  }

  public func resume(token: Int) {
    let resumed = state.withLock { state -> Bool in
      guard var live = state.live, live.token == token, live.paused else { return false }
      live.paused = false
      state.live = live
      return true
    }
    if resumed { scheduleNextWord(token: token, after: 0) }
  }

  /// Announcements make no sound here (the console prints them from the reducer's effects); they take
  /// the time their words would and then report that they finished, unless something newer cut them off.
  public func announce(_ text: String, wpm: Int, voice: String, languages: [LanguagePassage]) {
    cancelAnnouncement()
    let replaced = state.withLock { state -> Live? in
      defer { state.live = nil }
      return state.live
    }
    if let replaced { end(replaced) }
    let words = max(text.split(whereSeparator: \.isWhitespace).count, 1)
    let sink = self.sink
    let timer = scheduler.schedule(after: Double(words) * 60 / Double(max(wpm, 1))) { [weak self] in
      let current = self?.state.withLock { state -> Bool in
        defer { state.announcement = nil }
        return state.announcement != nil
      }
      if current == true { sink.post(.announcementFinished) }
    }
    state.withLock { $0.announcement = timer }
  }

  private func cancelAnnouncement() {
    if let timer = state.withLock({ state -> TimerID? in
      defer { state.announcement = nil }
      return state.announcement
    }) {
      scheduler.cancel(timer)
    }
  }

  public func stop(token: Int) {
    let stopped = state.withLock { state -> Live? in
      guard let live = state.live, live.token == token else { return nil }
      state.live = nil
      return live
    }
    if let stopped { end(stopped) }
  }

  private func end(_ live: Live) {
    if let timer = live.timer { scheduler.cancel(timer) }
    sink.post(.playback(.utteranceDidCancel(token: live.token)))
  }

  private func scheduleNextWord(token: Int, after delay: Double) {
    let timer = scheduler.schedule(after: delay) { [weak self] in self?.hearNextWord(token: token) }
    let stale = state.withLock { state -> Bool in
      guard var live = state.live, live.token == token, !live.paused else { return true }
      live.timer = timer
      state.live = live
      return false
    }
    if stale { scheduler.cancel(timer) }
  }

  private func hearNextWord(token: Int) {
    enum Step {
      case word(TextSpan, pause: Double)
      case finished
    }
    let step = state.withLock { state -> Step? in
      guard var live = state.live, live.token == token, !live.paused else { return nil }
      live.timer = nil
      guard live.next < live.words.count else {
        state.live = nil
        return .finished
      }
      let word = live.words[live.next]
      live.next += 1
      state.live = live
      let wordSeconds = 60 / Double(live.wpm)
      let sentence = state.book.sentenceIndex(at: word.start)
      let endsSentence = !state.book.isEmpty && state.book.sentences[sentence].end <= word.end
      return .word(word, pause: wordSeconds * (endsSentence ? 1 + sentencePause : 1))
    }
    switch step {
    case .word(let word, let pause):
      sink.post(.playback(.willSpeakRange(token: token, location: word.start, length: word.length)))
      scheduleNextWord(token: token, after: pause)
    case .finished:
      sink.post(.playback(.utteranceDidFinish(token: token)))
    case nil:
      break
    }
  }

  /// The words from `offset` on: runs of non-space characters, or whole sentences when the text is unknown.
  static func words(in book: SentenceMap, from offset: Int) -> [TextSpan] {
    guard book.hasText else { return book.sentences.filter { $0.end > offset } }
    var words: [TextSpan] = []
    var start: Int? = nil
    var index = min(max(offset, 0), book.scalars.count)
    // Read in order from the string: no scalar is looked up by its offset.
    for scalar in book.scalars[index..<book.scalars.count] {
      let isSpace = scalar.properties.isWhitespace
      if isSpace, let begun = start {
        words.append(TextSpan(start: begun, end: index))
        start = nil
      } else if !isSpace, start == nil {
        start = index
      }
      index += 1
    }
    if let begun = start { words.append(TextSpan(start: begun, end: book.scalars.count)) }
    return words
  }
}
