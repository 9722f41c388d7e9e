import FolioTellCore
import Synchronization

/// Performs the reducer's effects on the real (or fake) adapters. Adapter failures come back as events.
public final class EffectHandler: Sendable {
  public let speech: any SpeechEngine
  public let audio: any AudioOutput
  public let store: any PositionStore
  private let storeFailing = Mutex(false)

  public init(speech: any SpeechEngine, audio: any AudioOutput, store: any PositionStore) {
    self.speech = speech
    self.audio = audio
    self.store = store
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
      do {
        try store.save(save)
        if storeFailing.withLock({ $0 }) {
          storeFailing.withLock { $0 = false }
          sink.post(.positionStoreRecovered)
        }
      } catch {
        // Reading goes on with the place held in memory; the state says why it is not kept.
        storeFailing.withLock { $0 = true }
        sink.post(.positionStoreFailed(reason: "\(error)"))
      }
    }
  }
}
