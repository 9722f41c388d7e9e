import FolioTellCore

/// Everything the store keeps, as rebuilt from its log.
public struct StoreState: Equatable, Sendable {
  public struct OpenBook: Equatable, Sendable {
    public var bookID: String
    public var path: String
  }

  public var positions: [String: StoredPosition] = [:]
  public var settings: Settings?
  /// Each book's bookmarks, in reading order.
  public var bookmarks: [String: [Bookmark]] = [:]
  public var lastOpenBook: OpenBook?
  /// The rate and voice chosen for each book that has its own.
  public var bookSettings: [String: (wpm: Int, voice: String)] = [:]

  public init() {}

  public static func == (left: StoreState, right: StoreState) -> Bool {
    left.positions == right.positions && left.settings == right.settings && left.bookmarks == right.bookmarks
      && left.lastOpenBook == right.lastOpenBook && left.bookSettings.count == right.bookSettings.count
      && left.bookSettings.allSatisfy { key, value in
        right.bookSettings[key].map { $0.wpm == value.wpm && $0.voice == value.voice } ?? false
      }
  }

  mutating func apply(_ record: StoreRecord) {
    switch record {
    case .snapshotStart:
      self = StoreState()
    case .position(let position):
      positions[position.bookID] = position
    case .settings(let settings):
      self.settings = settings
    case .bookmarkAdded(let bookmark):
      var list = bookmarks[bookmark.bookID, default: []].filter { $0.offset != bookmark.offset }
      list.append(bookmark)
      bookmarks[bookmark.bookID] = list.sorted { $0.offset < $1.offset }
    case .bookmarkRemoved(let bookID, let offset):
      let list = bookmarks[bookID, default: []].filter { $0.offset != offset }
      bookmarks[bookID] = list.isEmpty ? nil : list
    case .lastOpenBook(let bookID, let path):
      lastOpenBook = OpenBook(bookID: bookID, path: path)
    case .bookSettings(let bookID, let wpm, let voice):
      bookSettings[bookID] = (wpm, voice)
    }
  }

  /// The records that rebuild this state from nothing, starting with the snapshot marker.
  func snapshot() -> [StoreRecord] {
    var records: [StoreRecord] = [.snapshotStart]
    if let settings { records.append(.settings(settings)) }
    for position in positions.values.sorted(by: { $0.bookID < $1.bookID }) { records.append(.position(position)) }
    for bookID in bookmarks.keys.sorted() {
      for bookmark in bookmarks[bookID]! { records.append(.bookmarkAdded(bookmark)) }
    }
    if let book = lastOpenBook { records.append(.lastOpenBook(bookID: book.bookID, path: book.path)) }
    for bookID in bookSettings.keys.sorted() {
      let kept = bookSettings[bookID]!
      records.append(.bookSettings(bookID: bookID, wpm: kept.wpm, voice: kept.voice))
    }
    return records
  }
}
