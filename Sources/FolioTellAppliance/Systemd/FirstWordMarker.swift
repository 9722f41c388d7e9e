import FolioTellCore
import FoundationEssentials
import Synchronization

/// Marks, once per boot, that the box has spoken: `first-word` in the runtime directory, made at the first
/// word heard (of a book, or of something the box said). The image's foliotell-confirm-slot waits for it
/// before it marks a newly updated slot good; a box that never speaks leaves the slot on trial, and the
/// boot loader goes back to the old one.
public final class FirstWordMarker: Sendable {
  private let path: String?
  private let marked = Mutex(false)

  /// `folder`: the runtime directory (nil: nothing is marked, as outside systemd).
  public init(folder: String?) {
    path = folder.map { $0 + "/first-word" }
  }

  public func stepped(_ event: BoxEvent) {
    guard let path else { return }
    switch event {
    case .playback(.willSpeakRange), .announcementFinished: break
    default: return
    }
    guard marked.withLock({ let first = !$0; $0 = true; return first }) else { return }
    let when = Int(Date().timeIntervalSince1970)
    try? Data("spoke at \(when)\n".utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Whether the mark was made by this process.
  public var isMarked: Bool { marked.withLock { $0 } }
}
