import FolioTellCore
import Synchronization

/// The audio output when there is no device to release (the simulated engine): counts how often it was asked.
public final class SilentAudioOutput: AudioOutput {
  private let count = Mutex(0)
  public init() {}
  public var deactivations: Int { count.withLock { $0 } }
  public func deactivate() { count.withLock { $0 += 1 } }
}

/// Keeps positions in memory only: the simulator's store when no data directory is given (and the box's
/// when its data directory cannot be used). Everything is gone when the program ends.
public final class InMemoryPositionStore: PositionStore {
  private struct Contents {
    var positions: [String: ReadingPosition] = [:]
    var settings: Settings?
    var openBook: (id: String, path: String?)?
    var bookmarks: [String: [Int]] = [:]
    var bookSettings: [String: PlaybackSettings] = [:]
  }
  private let contents = Mutex(Contents())

  public init(positions: [String: ReadingPosition] = [:]) {
    contents.withLock { $0.positions = positions }
  }

  public func save(_ save: PositionSave) throws { contents.withLock { $0.positions[save.bookID] = save.position } }
  public func load(bookID: String) throws -> ReadingPosition? { contents.withLock { $0.positions[bookID] } }
  public var settings: Settings? { contents.withLock { $0.settings } }
  public var openBookID: String? { contents.withLock { $0.openBook?.id } }
  public func saveSettings(_ settings: Settings) throws { contents.withLock { $0.settings = settings } }
  public func rememberOpenBook(bookID: String, path: String?) throws {
    contents.withLock { $0.openBook = (bookID, path) }
  }
  public func addBookmark(bookID: String, position: ReadingPosition) throws {
    contents.withLock {
      $0.bookmarks[bookID] = Array(Set($0.bookmarks[bookID, default: []] + [position.offset])).sorted()
    }
  }
  public func removeBookmark(bookID: String, offset: Int) throws {
    contents.withLock { $0.bookmarks[bookID]?.removeAll { $0 == offset } }
  }
  public func bookmarkOffsets(bookID: String) -> [Int] { contents.withLock { $0.bookmarks[bookID] ?? [] } }
  public func saveBookSettings(bookID: String, settings: PlaybackSettings) throws {
    contents.withLock { $0.bookSettings[bookID] = settings }
  }
  public func bookSettings(bookID: String) -> PlaybackSettings? { contents.withLock { $0.bookSettings[bookID] } }
}
