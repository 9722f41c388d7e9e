import FolioTellCore
import FolioTellSystem
import Synchronization

/// Performs the reducer's effects on the real (or fake) adapters, and nothing else: it decides nothing and
/// keeps nothing but the handles of the timers it armed. Adapter failures, and results that the reducer
/// needs, come back as events.
public final class EffectHandler: Sendable {
  public let speech: any SpeechEngine
  public let audio: any AudioOutput
  public let store: any PositionStore
  /// Opens a book of the library by id (reads its file, posts `bookOpened` or `bookFailedToOpen`); given by
  /// whoever owns the library, once, before the box starts.
  private let openBook = CallbackSlot<String, Void>()
  /// Finds the version and free space for the About page; given by the box's composition.
  private let describe = CallbackSlot<Void, SystemFacts>()
  /// Installs an update bundle (posts its progress and end); restarts the box into the updated slot. Given
  /// by the box's composition where the system has RAUC; elsewhere they do nothing.
  private let installUpdate = CallbackSlot<String, Void>()
  private let restart = CallbackSlot<Void, Void>()

  /// Where the reducer's timers run (the event loop's timerfd, or the virtual clock); without one, as in
  /// tests that post every tick themselves, timer effects are not carried out.
  public let timers: (any TimerScheduler)?
  private let armed = Mutex<[BoxTimer: TimerID]>([:])

  public init(
    speech: any SpeechEngine, audio: any AudioOutput, store: any PositionStore, timers: (any TimerScheduler)? = nil
  ) {
    self.speech = speech
    self.audio = audio
    self.store = store
    self.timers = timers
  }

  public func setSystemDescriber(_ describer: @escaping @Sendable () -> SystemFacts) {
    describe.set(describer)
  }

  public func setBookOpener(_ opener: @escaping @Sendable (String) -> Void) { openBook.set(opener) }

  public func setUpdater(install: @escaping @Sendable (String) -> Void, restart: @escaping @Sendable () -> Void) {
    installUpdate.set(install)
    self.restart.set(restart)
  }

  /// Runs a store call; a failure is reported as an event and reading goes on with the place in memory.
  /// A call that works while the state says the store was failing reports the recovery.
  private func keep(_ sink: any EventSink, _ state: BoxState, _ call: () throws -> Void) {
    do {
      try call()
      if state.condition.storeProblem != nil { sink.post(.positionStoreRecovered) }
    } catch {
      sink.post(.positionStoreFailed(reason: "\(error)"))
    }
  }

  /// Performs one effect of the step that left the box in `state`.
  public func perform(_ effect: BoxEffect, in state: BoxState, sink: any EventSink) {
    switch effect {
    case .playback(.startUtterance(let token, let offset, let wpm, let voice)):
      audio.activate()
      speech.startUtterance(token: token, offset: offset, wpm: wpm, voice: voice)
    case .playback(.pause(let token)):
      speech.pause(token: token)
    case .playback(.resume(let token)):
      audio.activate()
      speech.resume(token: token)
    case .playback(.stop(let token)):
      speech.stop(token: token)
    case .playback(.deactivateAudio):
      audio.deactivate()
    case .loadBook(let book):
      speech.load(book: book)
    case .extendBook(let book):
      speech.extend(book: book)
    case .savePosition(let save):
      keep(sink, state) { try self.store.save(save) }
    case .saveSettings(let settings):
      keep(sink, state) { try self.store.saveSettings(settings) }
    case .rememberOpenBook(let bookID, let path):
      keep(sink, state) { try self.store.rememberOpenBook(bookID: bookID, path: path) }
    case .announce(let text, let wpm, let voice, let languages):
      audio.activate()
      speech.announce(text, wpm: wpm, voice: voice, languages: languages)
    case .openLibraryBook(let bookID):
      openBook.call(bookID)
    case .addBookmark(let bookID, let position):
      keep(sink, state) { try self.store.addBookmark(bookID: bookID, position: position) }
    case .removeBookmark(let bookID, let offset):
      keep(sink, state) { try self.store.removeBookmark(bookID: bookID, offset: offset) }
    case .earcon(let earcon):
      audio.activate()
      speech.playEarcon(earcon)
    case .setVolume(let percent):
      audio.setVolume(percent)
    case .setPitch(let pitch):
      speech.setPitch(pitch)
    case .saveBookSettings(let bookID, let settings):
      keep(sink, state) { try self.store.saveBookSettings(bookID: bookID, settings: settings) }
    case .describeSystem:
      if let facts = describe.call() { sink.post(.systemDescribed(facts)) }
    case .installUpdate(let path):
      installUpdate.call(path)
    case .restartForUpdate:
      restart.call(())
    case .fadeOut(let seconds):
      audio.fadeOut(seconds: seconds)
    case .restoreVolume:
      audio.restoreVolume()
    case .startTimer(let timer, let delay):
      guard let timers else { return }
      // A handle kept after its timer fired is cancelled for nothing: both schedulers forget fired timers.
      // The scheduler outlives a box that is let go (the daemon's loop after a reload): it holds the
      // runtime weakly, so the box is freed with its timers still pending.
      let post: @Sendable (BoxEvent) -> Void
      if let runtime = sink as? any EventSink & AnyObject {
        post = { [weak runtime] event in runtime?.post(event) }
      } else {
        post = { event in sink.post(event) }
      }
      let id = timers.schedule(after: delay) { post(.timerFired(timer)) }
      if let previous = armed.withLock({ $0.updateValue(id, forKey: timer) }) { timers.cancel(previous) }
    }
  }
}
