import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The daemon's trace: the last hours of root events in a bounded ring of files in the data directory
/// (`trace-000001.jsonl`, `trace-000002.jsonl`, ...). A file is closed when it reaches `fileBytes`, and
/// the oldest files are deleted so at most `files` remain. Every file begins with the box's state, so
/// any one of them replays on its own; a caregiver copies the folder off for a bug report.
public final class TraceRing: TraceSink, Sendable {
  public let folder: String
  public let fileBytes: Int
  public let files: Int
  private struct Current {
    var handle: WritableFile?
    var number = 0
    var bytes = 0
    var written = 0
    var failure: String?
  }
  private let current = Mutex(Current())

  /// Picks up numbering after the files already there; makes the folder when it is missing.
  public init(folder: String, fileBytes: Int = 4 << 20, files: Int = 6) throws {
    self.folder = folder
    self.fileBytes = max(fileBytes, 4096)
    self.files = max(files, 1)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw TraceRecorderError.cannotCreate(folder)
    }
    let last = Self.numbers(in: folder).last ?? 0
    current.withLock { $0.number = last }
  }

  /// The ring's files, oldest first.
  public var paths: [String] { Self.numbers(in: folder).map { Self.path(folder, $0) } }

  var problem: String? { current.withLock { $0.failure } }

  /// Bytes this ring has written since it was made: its share of what the box writes to flash.
  public var bytesWritten: Int { current.withLock { $0.written } }

  func write(_ line: String, header: () -> [String]) {
    current.withLock { current in
      guard current.failure == nil else { return }
      do {
        var lines = [line]
        if current.handle == nil || current.bytes >= fileBytes {
          try current.handle?.close()
          current.number += 1
          let path = Self.path(folder, current.number)
          guard let handle = try? WritableFile(path: path, opening: .truncate) else {
            throw TraceRecorderError.cannotCreate(path)
          }
          current.handle = handle
          current.bytes = 0
          lines = header() + lines
          for old in Self.numbers(in: folder).dropLast(files) {
            try? FileManager.default.removeItem(atPath: Self.path(folder, old))
          }
        }
        let data = lines.map { $0 + "\n" }.joined().utf8
        try current.handle?.write(data)
        current.bytes += data.count
        current.written += data.count
      } catch {
        current.failure = "cannot write the trace in \(folder): \(error); the box goes on without it"
      }
    }
  }

  static func path(_ folder: String, _ number: Int) -> String {
    let digits = String(number)
    return folder + "/trace-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".jsonl"
  }

  static func numbers(in folder: String) -> [Int] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.compactMap { name -> Int? in
      guard name.hasPrefix("trace-"), name.hasSuffix(".jsonl") else { return nil }
      return Int(name.dropFirst(6).dropLast(6))
    }.sorted()
  }
}
