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

  /// Why the index could not be written (a full or read-only card).
  public struct WriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
  }

  /// Writes `files` one at a time, in the order given (the library gives them by path): a library of
  /// thousands of books is never held as one document, nor as the tree an encoder builds of it, which took
  /// megabytes more than the books themselves. The format is the one `load` reads:
  /// `{"files":[...],"version":1}`.
  public static func save(_ files: some Sequence<IndexedFile>, to path: String) throws(WriteError) {
    let temporary = path + ".new"
    let output = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard output >= 0 else { throw WriteError(path: temporary, reason: String(cString: strerror(errno))) }
    var failure: Int32 = 0
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 16)
    func flush() {
      guard failure == 0, !buffer.isEmpty else { return }
      failure = buffer.withUnsafeBytes { FileTree.writeAll(output, $0) }
      buffer.removeAll(keepingCapacity: true)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    buffer += #"{"files":["#.utf8
    var first = true
    for file in files {
      guard let encoded = try? encoder.encode(file) else { continue }
      if !first { buffer.append(UInt8(ascii: ",")) }
      first = false
      buffer += encoded
      if buffer.count >= 1 << 16 { flush() }
    }
    buffer += #"],"version":1}"#.utf8
    flush()
    close(output)
    guard failure == 0 else {
      unlink(temporary)
      throw WriteError(path: temporary, reason: String(cString: strerror(failure)))
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw WriteError(path: path, reason: reason)
    }
  }
}
