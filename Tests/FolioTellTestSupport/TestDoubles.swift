import FolioTellCore
import FolioTellRuntime
import Synchronization

/// A speech engine that does nothing but remember what it was asked, for tests. Its callbacks are
/// whatever the test posts.
public final class RecordingSpeechEngine: SpeechEngine {
  public enum Command: Equatable, Sendable {
    case load(endOffset: Int)
    case extend(endOffset: Int)
    case start(token: Int, offset: Int, wpm: Int, voice: String)
    case pause(token: Int)
    case resume(token: Int)
    case stop(token: Int)
    case announce(String)
  }
  private let log = Mutex<[Command]>([])

  public init() {}

  public var commands: [Command] { log.withLock { $0 } }
  public func load(book: SentenceMap) { log.withLock { $0.append(.load(endOffset: book.endOffset)) } }
  public func extend(book: SentenceMap) { log.withLock { $0.append(.extend(endOffset: book.endOffset)) } }
  public func startUtterance(token: Int, offset: Int, wpm: Int, voice: String) {
    log.withLock { $0.append(.start(token: token, offset: offset, wpm: wpm, voice: voice)) }
  }
  public func pause(token: Int) { log.withLock { $0.append(.pause(token: token)) } }
  public func resume(token: Int) { log.withLock { $0.append(.resume(token: token)) } }
  public func stop(token: Int) { log.withLock { $0.append(.stop(token: token)) } }
  public func announce(_ text: String, wpm: Int, voice: String, languages: [LanguagePassage]) {
    log.withLock { $0.append(.announce(text)) }
  }
}

/// A position store in memory that keeps every save and can be told to fail like a full or read-only disk.
public final class TestPositionStore: PositionStore {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }
  private struct Contents {
    var positions: [String: ReadingPosition] = [:]
    var saves: [PositionSave] = []
    var settings: Settings?
    var openBook: (id: String, path: String?)?
    var bookmarks: [String: [Int]] = [:]
    var bookSettings: [String: PlaybackSettings] = [:]
    var failure: String?
  }
  private let contents = Mutex(Contents())

  public init(positions: [String: ReadingPosition] = [:]) {
    contents.withLock { $0.positions = positions }
  }

  public var saves: [PositionSave] { contents.withLock { $0.saves } }
  public var settings: Settings? { contents.withLock { $0.settings } }
  public var openBookID: String? { contents.withLock { $0.openBook?.id } }

  /// Makes every following save fail with `reason`, until called with nil.
  public func failSaves(with reason: String?) { contents.withLock { $0.failure = reason } }

  public func save(_ save: PositionSave) throws {
    try contents.withLock { contents in
      if let failure = contents.failure { throw Failure(description: failure) }
      contents.positions[save.bookID] = save.position
      contents.saves.append(save)
    }
  }

  public func load(bookID: String) throws -> ReadingPosition? { contents.withLock { $0.positions[bookID] } }

  public func saveSettings(_ settings: Settings) throws {
    try contents.withLock { contents in
      if let failure = contents.failure { throw Failure(description: failure) }
      contents.settings = settings
    }
  }

  public func addBookmark(bookID: String, position: ReadingPosition) throws {
    try contents.withLock { contents in
      if let failure = contents.failure { throw Failure(description: failure) }
      contents.bookmarks[bookID] = Array(Set(contents.bookmarks[bookID, default: []] + [position.offset])).sorted()
    }
  }

  public func removeBookmark(bookID: String, offset: Int) throws {
    try contents.withLock { contents in
      if let failure = contents.failure { throw Failure(description: failure) }
      contents.bookmarks[bookID]?.removeAll { $0 == offset }
    }
  }

  public func bookmarkOffsets(bookID: String) -> [Int] { contents.withLock { $0.bookmarks[bookID] ?? [] } }

  public func saveBookSettings(bookID: String, settings: PlaybackSettings) throws {
    try contents.withLock { contents in
      if let failure = contents.failure { throw Failure(description: failure) }
      contents.bookSettings[bookID] = settings
    }
  }

  public func bookSettings(bookID: String) -> PlaybackSettings? { contents.withLock { $0.bookSettings[bookID] } }

  public func rememberOpenBook(bookID: String, path: String?) throws {
    try contents.withLock { contents in
      if let failure = contents.failure { throw Failure(description: failure) }
      contents.openBook = (bookID, path)
    }
  }
}
