/// Why a list of sentence ranges cannot describe a book.
public enum SentenceMapError: Error, Equatable, Sendable, CustomStringConvertible {
  case negativeStart(index: Int, start: Int)
  case endBeforeStart(index: Int, start: Int, end: Int)
  case overlapsPrevious(index: Int, start: Int, previousEnd: Int)
  case endsPastText(index: Int, end: Int, textLength: Int)

  public var description: String {
    switch self {
    case .negativeStart(let index, let start):
      return "sentence \(index) starts at \(start); offsets start at 0"
    case .endBeforeStart(let index, let start, let end):
      return "sentence \(index) ends at \(end), before its start \(start); write [start, end] with end >= start"
    case .overlapsPrevious(let index, let start, let previousEnd):
      return
        "sentence \(index) starts at \(start), inside the previous sentence (which ends at \(previousEnd)); sentences must be in reading order without overlap"
    case .endsPastText(let index, let end, let textLength):
      return "sentence \(index) ends at \(end), past the end of the text (\(textLength) characters)"
    }
  }
}
