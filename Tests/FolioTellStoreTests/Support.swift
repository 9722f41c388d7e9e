import FolioTellCore
import Foundation
import Testing

@testable import FolioTellStore

func temporaryDirectory(_ name: String = "store") -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-\(name)-\(UUID().uuidString)")
    .path
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

func fixedClock() -> LogStore.Options {
  var options = LogStore.Options()
  options.wallClock = { 1_700_000_000_000 }
  return options
}

/// A varied log: every record kind, books overwritten, bookmarks added and removed.
func sampleRecords(count: Int = 40) -> [StoreRecord] {
  (0..<count).map { index -> StoreRecord in
    switch index % 6 {
    case 0:
      return .position(
        StoredPosition(bookID: "book-\(index % 4)", offset: index * 37, sentence: index, wallTime: Int64(index)))
    case 1:
      return .settings(
        Settings(
          wpm: 150 + index, voice: index % 2 == 0 ? "en" : "de", volume: 90, pitch: 40 + index % 10, night: true,
          textSize: TextSize.allCases[index % TextSize.allCases.count]))
    case 2:
      return .bookmarkAdded(
        Bookmark(
          bookID: "book-\(index % 3)", offset: index * 11, sentence: index / 2, label: "mark \(index) ✓",
          wallTime: Int64(index)))
    case 3: return .bookmarkRemoved(bookID: "book-\((index - 1) % 3)", offset: (index - 1) * 11)
    case 4: return .lastOpenBook(bookID: "book-\(index % 4)", path: "/media/usb/Büchér/\(index).epub")
    default:
      return .position(
        StoredPosition(bookID: "Привет-\(index % 2)", offset: index, sentence: 1, wallTime: -Int64(index)))
    }
  }
}

func stateAfter(_ records: some Sequence<StoreRecord>) -> StoreState {
  var state = StoreState()
  for record in records { state.apply(record) }
  return state
}

func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

func write(_ bytes: [UInt8], to path: String) {
  FileManager.default.createFile(atPath: path, contents: Data(bytes))
}
