/// How a trace writes a long book: a trace line is written on the funnel's thread and every trace file
/// begins with the box's whole state, so a 30 MB book written out in full would stall presses and fill the
/// ring (in RAM under systemd) with copies of itself. A book longer than `characterLimit` (set in the
/// encoder's `userInfo`) is written as its size only, `{"elided": {"characters": C, "sentences": S}}`;
/// reading it back asks the `Finder` in the decoder's `userInfo` (replay looks among the kept books), and
/// without one, or when it finds nothing, stands in with S sentences of even length and no text, so the
/// places and sentence numbers in the trace still fall inside the book.
public enum LongBookCoding {
  public static let characterLimitKey = CodingUserInfoKey(rawValue: "foliotell.longBookCharacterLimit")!
  public static let finderKey = CodingUserInfoKey(rawValue: "foliotell.longBookFinder")!

  /// Finds the book a trace left out, by its number of characters and of sentences.
  public final class Finder: Sendable {
    let find: @Sendable (_ characters: Int, _ sentences: Int) -> SentenceMap?

    public init(_ find: @escaping @Sendable (_ characters: Int, _ sentences: Int) -> SentenceMap?) {
      self.find = find
    }
  }

  struct Elided: Codable, Equatable {
    var characters: Int
    var sentences: Int
  }

  /// The stand-in for a left-out book nobody found: its size, without its text.
  static func standIn(_ elided: Elided) -> SentenceMap {
    let count = max(elided.sentences, 0)
    let characters = max(elided.characters, count)
    guard count > 0 else { return .empty }
    let spans = (0..<count).map { index in
      TextSpan(start: index * characters / count, end: (index + 1) * characters / count)
    }
    return (try? SentenceMap(sentences: spans)) ?? .empty
  }
}
