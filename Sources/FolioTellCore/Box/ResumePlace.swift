/// Where reading starts again after a while away (power on, a book reopened, a long pause): the start of
/// the sentence, so the listener finds the thread, when that is at most `sentenceSeconds` of listening
/// back; otherwise (a sentence of pages, without a full stop) the word about `wordSeconds` back. The same
/// for `run` and `sim`, which both open books through `OpenedBook`.
enum ResumePlace {
  static let sentenceSeconds = 15.0
  static let wordSeconds = 10.0

  static func goingBack(from offset: Int, in book: SentenceMap, wpm: Int) -> Int {
    // A finished book stays at its end: it is read again only when asked.
    guard !book.sentences.isEmpty, offset > 0, offset < book.endOffset else { return offset }
    let sentenceStart = book.sentences[book.sentenceIndex(at: offset)].start
    guard sentenceStart < offset else { return offset }
    let wordsPerSecond = Double(max(wpm, 1)) / 60
    let wordsBack = book.scalars.wordCount(sentenceStart..<min(offset, book.scalars.count))
    if Double(wordsBack) <= sentenceSeconds * wordsPerSecond { return sentenceStart }
    return wordStart(wordsBefore: Int((wordSeconds * wordsPerSecond).rounded()), from: offset, in: book.scalars)
  }

  /// The start of the word `count` words before the one at `offset`.
  static func wordStart(wordsBefore count: Int, from offset: Int, in text: BookText) -> Int {
    let window = max(0, offset - count * 40 - 64)..<min(offset, text.count)
    let scalars = Array(text[window])
    var index = scalars.count
    var found = 0
    while index > 0 {
      // Back over the space before the word, then over the word itself.
      while index > 0, scalars[index - 1].properties.isWhitespace { index -= 1 }
      while index > 0, !scalars[index - 1].properties.isWhitespace { index -= 1 }
      found += 1
      if found >= count { break }
    }
    return window.lowerBound + index
  }
}
