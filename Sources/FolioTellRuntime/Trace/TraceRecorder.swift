import FolioTellCore
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// Writes every root event the runtime handles as a trace line, as it was processed (a book opened as a
/// document line with its text), so `foliotell replay` reproduces the session: its states, effects and
/// display. Each line is flushed as it is written, so a crash keeps the trace up to its last event.
public final class TraceRecorder: Sendable {
  private let sink: any TraceSink

  public init(path: String) throws {
    sink = try TraceFile(path: path)
  }

  /// Writes into a ring of files (the daemon's trace in its data directory).
  public init(ring: TraceRing) {
    sink = ring
  }

  /// Why writing stopped, if it did (a full disk); the box goes on without the trace.
  public var problem: String? { sink.problem }

  public func record(_ step: BoxStep) {
    let time = (step.time * 1000).rounded() / 1000
    let line: String?
    switch step.event {
    case .playback(let event):
      line = TraceFormat.encode(event, time: time)
    case .bookOpened(
      let bookID, let book, let saved, let title, let path, let chapters, let bookmarks, let pages, let notes,
      let language, _, let paragraphs):
      let playback = step.after.playback
      var document = TraceDocument(
        book: book, position: saved.map { _ in playback.offset }, wpm: playback.wpm, voice: playback.voice,
        bookID: bookID, title: title, path: path, time: time)
      document.chapters = chapters
      document.bookmarks = bookmarks
      document.pages = pages
      document.notes = notes
      document.language = language
      document.paragraphs = paragraphs
      line = TraceFormat.encode(document)
    default:
      line = TraceFormat.encode(root: step.event, time: time)
    }
    guard let line else { return }
    sink.write(line) { Self.header(for: step.before, at: time) }
  }

  /// What a trace file starts with, so it replays on its own: the rate and voice, and the open book at the
  /// listener's place with the library, when a file of a ring begins in the middle of a session.
  static func header(for state: BoxState, at time: Double) -> [String] {
    var lines = [TraceFormat.encode(TraceStart(state))]
    if !state.library.isEmpty, let line = TraceFormat.encode(root: .libraryChanged(state.library), time: time) {
      lines.append(line)
    }
    if let bookID = state.bookID {
      let playback = state.playback
      var document = TraceDocument(
        book: playback.book, position: playback.offset, bookID: bookID, title: state.title, path: state.bookPath,
        time: time)
      document.chapters = state.chapters
      document.bookmarks = state.bookmarks
      document.pages = state.pages
      document.notes = state.notes
      document.language = state.bookLanguage
      document.paragraphs = state.paragraphs
      lines.append(TraceFormat.encode(document))
    }
    return lines
  }
}

/// Where trace lines go: one file, or a ring of files. `header` is written first in every new file.
protocol TraceSink: Sendable {
  func write(_ line: String, header: () -> [String])
  var problem: String? { get }
}

final class TraceFile: TraceSink {
  private let handle: WritableFile
  private let failure = Mutex<String?>(nil)
  let path: String

  private let started = Mutex(false)

  init(path: String) throws {
    guard let handle = try? WritableFile(path: path, opening: .truncate) else {
      throw TraceRecorderError.cannotCreate(path)
    }
    self.handle = handle
    self.path = path
  }

  var problem: String? { failure.withLock { $0 } }

  func write(_ line: String, header: () -> [String]) {
    guard failure.withLock({ $0 }) == nil else { return }
    let first = !started.withLock { was in
      defer { was = true }
      return was
    }
    let lines = (first ? header() : []) + [line]
    do {
      try handle.write(lines.map { $0 + "\n" }.joined().utf8)
    } catch {
      failure.withLock { $0 = "cannot write the trace to \(path): \(error)" }
    }
  }
}

public enum TraceRecorderError: Error, CustomStringConvertible {
  case cannotCreate(String)

  public var description: String {
    switch self {
    case .cannotCreate(let path):
      return "cannot create the trace file \(path): check that its folder exists and is writable"
    }
  }
}
