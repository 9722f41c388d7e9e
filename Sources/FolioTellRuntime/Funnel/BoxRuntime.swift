import FolioTellCore
import Synchronization

/// One step the runtime took: the event, the state before and after, and the effects performed.
public struct BoxStep: Sendable {
  public var time: Double
  public var event: BoxEvent
  public var before: BoxState
  public var after: BoxState
  public var effects: [BoxEffect]
}

/// The box's runtime: the funnel, the state it owns, and the effect handler. Everything that happens
/// enters through `post`, is reduced on the funnel's thread, and leaves as effects on the adapters.
public final class BoxRuntime: EventSink, Sendable {
  public let funnel: EventFunnel<BoxEvent>
  public let clock: any BoxClock
  private let handler: EffectHandler
  private let state: Mutex<BoxState>
  private let observers = Mutex<[@Sendable (BoxStep) -> Void]>([])

  public init(
    funnel: EventFunnel<BoxEvent>, initial: BoxState = BoxState(), effects: EffectHandler,
    clock: any BoxClock
  ) {
    self.funnel = funnel
    self.clock = clock
    self.handler = effects
    self.state = Mutex(initial)
    funnel.attach { [weak self] event in self?.process(event) }
  }

  public func post(_ event: BoxEvent) { funnel.post(event) }

  /// The state as of the last event handled.
  public var snapshot: BoxState { state.withLock { $0 } }

  /// Called on the funnel's thread after every event (trace recorder, console, display). Observers must not block.
  public func observe(_ observer: @escaping @Sendable (BoxStep) -> Void) {
    observers.withLock { $0.append(observer) }
  }

  /// The place the store kept for a book, if any (nil too when the store cannot be read: `open` says so).
  public func savedPlace(bookID: String) -> ReadingPosition? { (try? handler.store.load(bookID: bookID)) ?? nil }

  /// Opens a book at the place the store kept for it. A store that cannot be read is reported, and the book opens at its start.
  public func open(
    bookID: String, book: SentenceMap, title: String? = nil, path: String? = nil, chapters: [ChapterMark] = [],
    pages: [PageMark] = [], notes: [Int] = [], language: String? = nil, paragraphs: [Int] = []
  ) {
    do {
      let saved = try handler.store.load(bookID: bookID)
      let bookmarks = handler.store.bookmarkOffsets(bookID: bookID)
      let settings = handler.store.bookSettings(bookID: bookID)
      post(
        .bookOpened(
          bookID: bookID, book: book, saved: saved, title: title, path: path, chapters: chapters, bookmarks: bookmarks,
          pages: pages, notes: notes, language: language, settings: settings, paragraphs: paragraphs))
    } catch {
      post(.positionStoreFailed(reason: "\(error)"))
      post(
        .bookOpened(
          bookID: bookID, book: book, saved: nil, title: title, path: path, chapters: chapters, pages: pages,
          notes: notes, language: language, paragraphs: paragraphs))
    }
  }

  private func process(_ event: BoxEvent) {
    let time = clock.now()
    let step = state.withLock { state -> BoxStep in
      let before = state
      let (after, effects) = Box.reduce(state, event, at: time)
      state = after
      return BoxStep(time: time, event: event, before: before, after: after, effects: effects)
    }
    for effect in step.effects { handler.perform(effect, in: step.after, sink: self) }
    for observer in observers.withLock({ $0 }) { observer(step) }
  }
}
