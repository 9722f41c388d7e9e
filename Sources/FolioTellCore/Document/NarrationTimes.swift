/// Where a talking book's places are in time, as narrated (at 1.0x): each phrase starts when the phrases
/// before it have been heard, and a place inside a phrase is as far into its clip as into its text. A
/// phrase the voice reads (no clip) takes no narrated time.
public struct NarrationTimes: Equatable, Sendable {
  /// When each sentence's narration starts, in seconds from the book's start.
  public let starts: [Double]
  public let total: Double
  private let book: SentenceMap

  /// Nil for a book with no narration.
  public init?(_ book: SentenceMap) {
    guard book.isNarrated else { return nil }
    var starts: [Double] = []
    starts.reserveCapacity(book.count)
    var time = 0.0
    for index in 0..<book.count {
      starts.append(time)
      time += book.clip(ofSentence: index)?.duration ?? 0
    }
    self.starts = starts
    self.total = time
    self.book = book
  }

  /// The narrated time of a place.
  public func time(at offset: Int) -> Double {
    guard !book.isEmpty else { return 0 }
    if offset >= book.endOffset { return total }
    let index = book.sentenceIndex(at: offset)
    let sentence = book.sentences[index]
    let duration = book.clip(ofSentence: index)?.duration ?? 0
    guard sentence.length > 0, offset > sentence.start else { return starts[index] }
    return starts[index] + duration * Double(min(offset, sentence.end) - sentence.start) / Double(sentence.length)
  }

  /// The place heard at a narrated time: inside the phrase it falls in, as far into its text as into its clip.
  public func offset(at time: Double) -> Int {
    guard !book.isEmpty else { return 0 }
    if time <= 0 { return book.sentences[0].start }
    if time >= total { return book.sentences[book.count - 1].start }
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] <= time { low = middle + 1 } else { high = middle }
    }
    let index = max(low - 1, 0)
    let sentence = book.sentences[index]
    let duration = book.clip(ofSentence: index)?.duration ?? 0
    guard duration > 0 else { return sentence.start }
    let fraction = min(max((time - starts[index]) / duration, 0), 1)
    return min(sentence.start + Int((Double(sentence.length) * fraction).rounded(.down)), max(sentence.end - 1, sentence.start))
  }
}
