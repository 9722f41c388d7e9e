import FolioTellCore
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// Prints what the listener hears, word by word, a sentence to a line, and every change of phase.
final class ConsoleView: Sendable {
  private struct Printed {
    var sentence: Int? = nil
    var atLineStart = true
  }
  /// The book's own numbers for a part of it read alone (`read --from 3 --to 4` prints [3/10], [4/10]).
  struct Numbering: Sendable {
    /// The book's index of the first sentence read, from 0.
    var first: Int
    /// Sentences in the whole book.
    var total: Int
  }

  private let printed = Mutex(Printed())
  private let verbose: Bool
  private let numbering: Numbering?

  init(verbose: Bool, numbering: Numbering? = nil) {
    self.verbose = verbose
    self.numbering = numbering
  }

  func show(_ step: BoxStep) {
    var out = ""
    let before = step.before.playback
    let after = step.after.playback
    let words = printed.withLock { printed -> String in
      var text = ""
      if let word = after.word, word != before.word, after.book.hasText {
        let sentence = after.sentenceIndex
        if printed.sentence != sentence {
          if !printed.atLineStart { text += "\n" }
          text += "[\((numbering?.first ?? 0) + sentence + 1)/\(numbering?.total ?? after.book.count)] "
          printed.sentence = sentence
        }
        text += String(String.UnicodeScalarView(after.book.scalars[word.start..<word.end])) + " "
        printed.atLineStart = false
      }
      if let status = Self.status(step, numbering: numbering) {
        if !printed.atLineStart { text += "\n" }
        text += status + "\n"
        printed.atLineStart = true
        printed.sentence = nil
      }
      return text
    }
    out += words
    if verbose {
      let from = step.before.playback.phase.name
      let to = step.after.playback.phase.name
      WritableFile.standardError.print("\(from) -> \(Self.name(step.event)) -> \(to)\n")
    }
    if !out.isEmpty { WritableFile.standardOutput.print(out) }
  }

  /// The event's case name, with the detail that tells presses apart; a new event is named with no change here.
  private static func name(_ event: BoxEvent) -> String {
    switch event {
    case .playback(let event): return event.name
    case .control(let name, let gesture): return "control.\(name).\(gesture.rawValue)"
    case .encoder(let steps): return "encoder(\(steps))"
    case .encoderPushed(let steps): return "encoderPushed(\(steps))"
    case .timerFired(let timer): return "timerFired(\(timer.rawValue))"
    case .menu(let event): return "menu.\(event)"
    default: return Mirror(reflecting: event).children.first?.label ?? "\(event)"
    }
  }

  private static func status(_ step: BoxStep, numbering: Numbering?) -> String? {
    let before = step.before
    let after = step.after
    // What the voice says in the menu, printed too (the simulated engine makes no sound).
    let said = step.effects.compactMap { effect -> String? in
      if case .announce(let text, _, _, _) = effect { return "[says: \(text)]" }
      return nil
    }
    if !said.isEmpty { return said.joined(separator: "\n") }
    if after.condition.storeProblem != before.condition.storeProblem {
      return after.condition.storeProblem.map { "[cannot keep the place: \($0); reading goes on]" } ?? "[place kept again]"
    }
    if case .bookOpened = step.event {
      let book = after.playback.book
      if let numbering {
        let first = numbering.first + 1
        let last = numbering.first + book.count
        let part = first == last ? "sentence \(first)" : "sentences \(first) to \(last)"
        return "[book opened: \(part) of \(numbering.total)]"
      }
      let place: String
      if !book.isEmpty, after.playback.offset >= book.endOffset {
        place = "finished; PLAY starts it over"
      } else {
        place =
          after.playback.offset > 0 ? "resuming at sentence \(after.playback.sentenceIndex + 1)" : "from the start"
      }
      return "[book opened: \(sentences(book.count)), \(place)]"
    }
    if after.playback.wpm != before.playback.wpm { return "[speed \(after.playback.wpm) words per minute]" }
    if after.playback.voice != before.playback.voice { return "[voice \(after.playback.voice)]" }
    if let failure = after.playback.failure, failure != before.playback.failure { return "[speech failed: \(failure)]" }
    let phase = after.playback.phase.name
    if phase != before.playback.phase.name, phase != "speaking" || before.playback.phase.name != "pausing" {
      switch after.playback.phase {
      case .idle: return "[stopped]"
      case .pausing: return nil
      case .paused: return "[paused]"
      case .finished: return "[end of the book]"
      case .speaking(let utterance):
        return before.playback.phase.liveUtterance?.token == utterance.token ? "[resumed]" : nil
      }
    }
    return nil
  }
}

/// "1 sentence", "3 sentences".
func sentences(_ count: Int) -> String { count == 1 ? "1 sentence" : "\(count) sentences" }
