import FolioTellCore
import Foundation
import Synchronization

/// Writes every playback event the runtime handles as a trace line, and a document line for every book
/// opened, so `foliotell replay` reproduces the session. Each line is flushed as it is written, so a crash
/// keeps the trace up to its last event.
public final class TraceRecorder: Sendable {
  private let handle: FileHandle
  private let failure = Mutex<String?>(nil)
  public let path: String

  public init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw TraceRecorderError.cannotCreate(path)
    }
    guard let handle = FileHandle(forWritingAtPath: path) else { throw TraceRecorderError.cannotCreate(path) }
    self.handle = handle
    self.path = path
  }

  /// Why writing stopped, if it did (a full disk); the box goes on without the trace.
  public var problem: String? { failure.withLock { $0 } }

  public func record(_ step: ReaderStep) {
    switch step.event {
    case .playback(let event):
      write(TraceFormat.encode(event, time: (step.time * 1000).rounded() / 1000))
    case .bookOpened:
      let playback = step.after.playback
      write(
        TraceFormat.encode(
          TraceDocument(book: playback.book, position: playback.offset, wpm: playback.wpm, voice: playback.voice)))
    case .clockTicked, .menu:
      // The menu (stopping to speak its items, a new speed) and the sleep timer (a pause) change
      // playback too: written as the playback events that do the same, so a replay follows.
      for event in Self.playbackEvents(from: step.before.playback, to: step.after.playback) {
        write(TraceFormat.encode(event, time: (step.time * 1000).rounded() / 1000))
      }
    case .positionStoreFailed, .positionStoreRecovered, .libraryChanged, .bookFailedToOpen:
      break
    }
  }

  /// The playback events that take playback from `before` to `after`, for changes made by other events.
  static func playbackEvents(from before: PlaybackState, to after: PlaybackState) -> [PlaybackEvent] {
    var events: [PlaybackEvent] = []
    if before.wpm != after.wpm { events.append(.speedChanged(wpm: after.wpm)) }
    switch (before.phase, after.phase) {
    case (.speaking, .pausing), (.speaking, .paused): events.append(.primaryTapped)
    case (_, .idle) where before.phase.liveUtterance != nil: events.append(.stopTapped)
    case (.paused, .idle): events.append(.stopTapped)
    default: break
    }
    return events
  }

  private func write(_ line: String) {
    guard failure.withLock({ $0 }) == nil else { return }
    do {
      try handle.write(contentsOf: Data((line + "\n").utf8))
    } catch {
      failure.withLock { $0 = "cannot write the trace to \(path): \(error.localizedDescription)" }
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
