import FoundationEssentials
import Glibc

/// What the library learned of one file, kept in the data directory between starts, so that a box with
/// hundreds of books neither waits for them at power-on nor reads each one again at every boot. A file
/// whose size or modification time changed is read again.
public struct IndexedFile: Codable, Equatable, Sendable {
  public var path: String
  public var modified: Double
  public var size: Int
  public var id: String?
  public var title: String?
  public var author: String?
  public var format: String?
  public var language: String?
  public var chapters: Int?
  /// Why it cannot be read (for `library` and `doctor`), and the same in a few words for the voice.
  public var problem: String?
  public var spokenProblem: String?
}

/// The index file: `library-index.json` in the data directory, written whole (to a temporary file, then
/// renamed over the old one) only when a scan learned something, so a power cut leaves the old one.
public enum LibraryIndex {
  public static let fileName = "library-index.json"

  struct Contents: Codable {
    var version = 1
    var files: [IndexedFile]
  }

  /// The files the index knows; none when there is no index yet or it cannot be read (then every book is
  /// read again, as on the first start).
  public static func load(from path: String) -> [IndexedFile] {
    guard let data = FileManager.default.contents(atPath: path),
      let contents = try? JSONDecoder().decode(Contents.self, from: data), contents.version == 1
    else { return [] }
    return contents.files
  }

  public static func save(_ files: [IndexedFile], to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(Contents(files: files.sorted { $0.path < $1.path }))
    let temporary = path + ".new"
    guard FileManager.default.createFile(atPath: temporary, contents: data) else {
      throw CocoaError(.fileWriteUnknown)
    }
    guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }
}

