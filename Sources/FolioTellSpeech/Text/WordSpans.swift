import FolioTellCore

/// Turns the words espeak-ng reports into the spans the listener is shown, so that every word of the text
/// is in one of them, in order.
///
/// espeak-ng does not report every word: it says some short words together with a neighbour and reports
/// only one of them ("There was nothing": "There", then "nothing"; "I shall be": "I", then "be"), reports a
/// number several times from inside it, and now and then reports a place it has already passed. The reports
/// are therefore only cuts: a reported word runs from its cut to the next one, so what lies between two
/// reported words goes to the earlier one, and is never dropped. Cuts fall between the book's own words
/// (a report inside a word moves to the word's start), opening quotes and brackets go with the word they
/// open, and a span never leaves its sentence: the words of a sentence before its first report go to that
/// report, those after its last report to the last one, and a sentence without any report is shown whole.
///
/// A reported word's span is known only once the next report (or the end of the chunk) has come, so the
/// engine holds back the audio from `openFrame` on until then: the listener never hears a word before its
/// span is final.
struct WordSpans {
  /// A word to post when the listener reaches `frame`.
  struct Word: Equatable {
    var frame: Int
    var span: TextSpan
  }

  private let book: SentenceMap
  /// The chunk's scalars, from book offset `base` to `end`.
  private let scalars: [Unicode.Scalar]
  private let base: Int
  private let end: Int
  /// Everything before it has been given to a word, or lies before the chunk.
  private var covered: Int
  /// The last reported word: its span's start, the word espeak-ng pointed at, its sentence, and whether
  /// the report pointed at the word itself rather than at the space or punctuation before it. Its end is not
  /// known yet.
  private var open: Open?
  private struct Open {
    var frame: Int
    var start: Int
    var word: Int
    var sentence: Int
    var isDirect: Bool
  }
  /// The frame of the last word given out, for a sentence that had no report of its own.
  private var lastFrame: Int

  /// The words of `book` in `range` (a chunk of whole sentences, or from a word to a sentence end), whose
  /// audio starts at `frame`.
  init(book: SentenceMap, range: Range<Int>, frame: Int) {
    self.book = book
    base = min(max(range.lowerBound, 0), book.scalars.count)
    end = min(max(range.upperBound, base), book.scalars.count)
    scalars = Array(book.scalars[base..<end])
    covered = base
    lastFrame = frame
  }

  private func scalar(_ offset: Int) -> Unicode.Scalar { scalars[offset - base] }

  /// Where the audio must wait: the sound of the open word, whose span is not known yet.
  var openFrame: Int? { open?.frame }

  /// espeak-ng reported a word at book offset `offset`, heard from `frame` on. Returns the words whose spans
  /// that settles, in order.
  mutating func report(offset: Int, frame: Int) -> [Word] {
    guard let (start, isDirect) = wordStart(near: offset), start >= covered else { return [] }
    if var open, start <= open.word {
      // The same word again (a number is reported from inside it). A report at the space or punctuation
      // before a word is usually that word, a little early; but when the word itself is reported later, the
      // first one was something said before it (the name of an emoji, the "thousand" of "1,234"), and the
      // word is heard from the later one.
      if start == open.word, isDirect, !open.isDirect {
        open.frame = max(open.frame, frame)
        open.isDirect = true
        self.open = open
      }
      return []
    }
    let sentence = sentenceIndex(at: start)
    var words: [Word] = []
    var cut = start
    if let open, open.sentence == sentence {
      let opening = openingStart(ofTokenAt: start)
      if opening > open.start { cut = opening }
      words.append(close(open, at: cut))
    } else {
      if let open { words.append(close(open, at: sentenceEnd(open.sentence))) }
      let sentenceStart = max(sentenceSpan(sentence).start, covered)
      words += unreported(before: sentenceStart, until: frame)
      cut = firstNonSpace(from: sentenceStart, before: start)
    }
    covered = cut
    open = Open(frame: frame, start: cut, word: start, sentence: sentence, isDirect: isDirect)
    return words
  }

  /// The chunk's audio ended at `frame`: the last reported word runs to its sentence's end, and what no report
  /// reached is shown too.
  mutating func finish(frame: Int) -> [Word] {
    var words: [Word] = []
    if let open { words.append(close(open, at: sentenceEnd(open.sentence))) }
    open = nil
    words += unreported(before: end, until: max(frame, lastFrame))
    covered = max(covered, end)
    return words
  }

  private mutating func close(_ word: Open, at cut: Int) -> Word {
    var end = max(cut, word.start + 1)
    while end > word.start + 1, scalar(end - 1).properties.isWhitespace { end -= 1 }
    covered = max(covered, end)
    lastFrame = word.frame
    return Word(frame: word.frame, span: TextSpan(start: word.start, end: end))
  }

  /// The sentences (or their rest) between what is covered and `limit` that have words but no report: each
  /// is shown whole, at frames spread between the last word's and `frame`.
  private mutating func unreported(before limit: Int, until frame: Int) -> [Word] {
    var spans: [TextSpan] = []
    var position = covered
    while position < limit {
      let index = sentenceIndex(at: position)
      let sentence = sentenceSpan(index)
      let stop = min(max(sentence.end, position + 1), limit)
      if let first = (position..<stop).first(where: { isWordScalar(scalar($0)) }) {
        let start = firstNonSpace(from: position, before: first)
        var end = stop
        while end > first + 1, scalar(end - 1).properties.isWhitespace { end -= 1 }
        spans.append(TextSpan(start: start, end: end))
      }
      position = index + 1 < book.count ? max(book.sentences[index + 1].start, stop) : limit
    }
    covered = max(covered, limit)
    let from = lastFrame
    let words = spans.enumerated().map { index, span in
      Word(frame: from + (max(frame, from) - from) * (index + 1) / (spans.count + 1), span: span)
    }
    if let last = words.last { lastFrame = last.frame }
    return words
  }

  /// The word a report at `offset` means, and whether it pointed at the word itself rather than at something
  /// before it. A report inside a word means the word; at white space, or at opening quotes and brackets, the
  /// next word; at punctuation or symbols before letters in the same token ("$5", ",234"), those letters. A
  /// token without letters (an emoji, "&") is a word of its own.
  private func wordStart(near offset: Int) -> (Int, isDirect: Bool)? {
    var position = max(offset, base)
    var isDirect = true
    while position < end {
      if scalar(position).properties.isWhitespace {
        position += 1
        isDirect = false
        continue
      }
      var tokenEnd = position
      while tokenEnd < end, !scalar(tokenEnd).properties.isWhitespace { tokenEnd += 1 }
      if var start = (position..<tokenEnd).first(where: { isWordScalar(scalar($0)) }) {
        if start > position { isDirect = false }
        while start > covered, isWordScalar(scalar(start - 1)) { start -= 1 }
        return (start, isDirect)
      }
      guard (position..<tokenEnd).allSatisfy({ isOpening(scalar($0)) }) else { return (position, isDirect) }
      position = tokenEnd
    }
    return nil
  }

  /// The start of the white-space delimited token holding `offset`, taking in tokens before it made only of
  /// opening quotes and brackets ("« Oui", "( see"), but nothing of an earlier word.
  private func openingStart(ofTokenAt offset: Int) -> Int {
    var start = offset
    while start > covered, !scalar(start - 1).properties.isWhitespace { start -= 1 }
    var candidate = start
    while candidate > covered {
      var space = candidate
      while space > covered, scalar(space - 1).properties.isWhitespace { space -= 1 }
      var token = space
      while token > covered, !scalar(token - 1).properties.isWhitespace { token -= 1 }
      guard token < space, (token..<space).allSatisfy({ isOpening(scalar($0)) }) else { break }
      start = token
      candidate = token
    }
    return start
  }

  private func sentenceEnd(_ index: Int) -> Int { min(sentenceSpan(index).end, end) }

  // A book known only as text, without sentences, is one sentence.
  private func sentenceIndex(at offset: Int) -> Int { book.isEmpty ? 0 : book.sentenceIndex(at: offset) }
  private func sentenceSpan(_ index: Int) -> TextSpan {
    book.isEmpty ? TextSpan(start: base, end: end) : book.sentences[index]
  }

  private func firstNonSpace(from offset: Int, before limit: Int) -> Int {
    var start = offset
    while start < limit, scalar(start).properties.isWhitespace { start += 1 }
    return start
  }

  private func isOpening(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .openPunctuation, .initialPunctuation: return true
    default: return false
    }
  }
}

/// A letter, a digit, or a mark on one: what words are made of.
func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
  let properties = scalar.properties
  if properties.isAlphabetic || properties.numericType != nil { return true }
  switch properties.generalCategory {
  case .nonspacingMark, .spacingMark, .enclosingMark: return true
  default: return false
  }
}
