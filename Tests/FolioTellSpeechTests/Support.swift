import Dispatch
import FolioTellBooks
import FolioTellCore
import FolioTellRuntime
import Foundation
import Synchronization
import Testing

@testable import FolioTellSpeech

/// Collects what an engine posts, with the time it arrived, and lets a test wait for a condition.
final class EventLog: EventSink {
  private let events = Mutex<[(time: ContinuousClock.Instant, event: PlaybackEvent)]>([])
  private let changed = DispatchSemaphore(value: 0)
  private let announcementsFinished = Mutex(0)

  func post(_ event: BoxEvent) {
    if case .announcementFinished = event {
      announcementsFinished.withLock { $0 += 1 }
      changed.signal()
    }
    guard case .playback(let playback) = event else { return }
    events.withLock { $0.append((ContinuousClock.now, playback)) }
    changed.signal()
  }

  var all: [PlaybackEvent] { events.withLock { $0.map(\.event) } }
  var timed: [(time: ContinuousClock.Instant, event: PlaybackEvent)] { events.withLock { $0 } }

  /// Waits until `condition` holds for the events so far; false after `seconds`.
  @discardableResult
  func wait(seconds: Double = 20, until condition: ([PlaybackEvent]) -> Bool) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !condition(all) {
      if changed.wait(timeout: deadline) == .timedOut { return condition(all) }
    }
    return true
  }

  /// Waits until `count` announcements have been said to their end; false after `seconds`.
  @discardableResult
  func waitForAnnouncements(_ count: Int = 1, seconds: Double = 20) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while announcementsFinished.withLock({ $0 }) < count {
      if changed.wait(timeout: deadline) == .timedOut { return announcementsFinished.withLock { $0 } >= count }
    }
    return true
  }

  func words(of token: Int) -> [TextSpan] {
    all.compactMap {
      if case .willSpeakRange(token, let location, let length) = $0 {
        return TextSpan(start: location, end: location + length)
      }
      return nil
    }
  }
}

func book(_ text: String, language: String = "en") -> SentenceMap {
  let composed = text.precomposedStringWithCanonicalMapping
  return try! SentenceMap(
    sentences: SentenceSegmenter.sentences(in: composed, language: language), text: composed)
}

func slice(_ book: SentenceMap, _ span: TextSpan) -> String {
  String(String.UnicodeScalarView(book.scalars[span.start..<span.end]))
}

extension [PlaybackEvent] {
  func contains(finishOf token: Int) -> Bool { contains(.utteranceDidFinish(token: token)) }
  func contains(cancelOf token: Int) -> Bool { contains(.utteranceDidCancel(token: token)) }
}
