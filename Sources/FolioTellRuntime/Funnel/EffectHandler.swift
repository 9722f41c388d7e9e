import FolioTellCore
import Synchronization

/// Performs the reducer's effects on the real (or fake) adapters. Adapter failures come back as events.
public final class EffectHandler: Sendable {
  public let speech: any SpeechEngine
  public let audio: any AudioOutput
  public let store: any PositionStore
  private let storeFailing = Mutex(false)
  private let paths = Mutex<[String: String]>([:])

  public init(speech: any SpeechEngine, audio: any AudioOutput, store: any PositionStore) {
    self.speech = speech
    self.audio = audio
    self.store = store
  }

  /// The file a book came from, so the store can reopen it after a restart.
  /// Opens a book of the library by id (reads its file, posts `bookOpened` or `bookFailedToOpen`); set by
  /// whoever owns the library.
  private let openBook = Mutex<(@Sendable (String) -> Void)?>(nil)
  public func setBookOpener(_ opener: @escaping @Sendable (String) -> Void) { openBook.withLock { $0 = opener } }

  public func register(path: String, for bookID: String) { paths.withLock { $0[bookID] = path } }

  /// Runs a store call; a failure is reported as an event and reading goes on with the place in memory.
  private func keep(_ sink: any EventSink, _ call: () throws -> Void) {
    do {
      try call()
      if storeFailing.withLock({ $0 }) {
        storeFailing.withLock { $0 = false }
        sink.post(.positionStoreRecovered)
      }
    } catch {
      storeFailing.withLock { $0 = true }
      sink.post(.positionStoreFailed(reason: "\(error)"))
    }
  }

  public func perform(_ effect: ReaderEffect, sink: any EventSink) {
    switch effect {
    case .playback(.startUtterance(let token, let offset, let wpm, let voice)):
      speech.startUtterance(token: token, offset: offset, wpm: wpm, voice: voice)
    case .playback(.pause(let token)):
      speech.pause(token: token)
    case .playback(.resume(let token)):
      speech.resume(token: token)
    case .playback(.stop(let token)):
      speech.stop(token: token)
    case .playback(.deactivateAudio):
      audio.deactivate()
    case .loadBook(let book):
      speech.load(book: book)
    case .savePosition(let save):
      keep(sink) { try self.store.save(save) }
    case .saveSettings(let settings):
      keep(sink) { try self.store.saveSettings(settings) }
    case .rememberOpenBook(let bookID):
      keep(sink) { try self.store.rememberOpenBook(bookID: bookID, path: self.paths.withLock { $0[bookID] }) }
    case .announce(let text, let wpm, let voice):
      speech.announce(text, wpm: wpm, voice: voice)
    case .openLibraryBook(let bookID):
      openBook.withLock { $0 }?(bookID)
    }
  }
}
