import FolioTellCore
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// Writes every root event the runtime handles as a trace line (`TraceCoding`), after a first line with the
/// box's whole state as the file begins, so `foliotell replay` reproduces the session: its states, effects
/// and display. Each line is flushed as it is written, so a crash keeps the trace up to its last event.
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
    sink.write(TraceCoding.line(step.event, at: time)) { [TraceCoding.header(step.before)] }
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
