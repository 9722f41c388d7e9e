/// The sentence structure of a book: what playback needs to know to jump and to say where the listener is.
///
/// Sentences are in reading order and do not overlap; gaps between them (spaces, line breaks)
/// belong to no sentence. `text`, when known, lets playback tell whether a word is the first of its sentence.
public struct SentenceMap: Equatable, Sendable {
  public private(set) var sentences: [TextSpan]
  /// The book's text, addressed by scalar offsets, or empty when only the ranges are known.
  public private(set) var scalars: BookText
  /// The offset one past the last character of the book.
  public let endOffset: Int
  /// Where a book that mixes languages changes language; empty for a book in one language.
  public var passages: [LanguagePassage] = []
  /// A talking book's narration: the clip of each sentence (phrase), or nil where it has none and is
  /// synthesized; empty for a book with text only.
  public var clips: [NarrationClip?] = []
  /// A book opened from its beginning while the rest of it is indexed: about where its whole text will end.
  /// Nil for a whole book.
  public var expectedEndOffset: Int?

  /// Whether every sentence of the book is here (not only its beginning).
  public var isWhole: Bool { expectedEndOffset == nil }
  /// The end the listener is told of: the book's, or about where a book read in part will end.
  public var toldEndOffset: Int { max(expectedEndOffset ?? endOffset, endOffset) }

  /// An empty book: nothing to read.
  public static let empty = SentenceMap(validated: [], scalars: .empty)

  public init(sentences: [TextSpan], text: String? = nil) throws(SentenceMapError) {
    let scalars = text.map { BookText($0) } ?? .empty
    var previousEnd = 0
    for (index, sentence) in sentences.enumerated() {
      if sentence.start < 0 { throw .negativeStart(index: index, start: sentence.start) }
      if sentence.end < sentence.start {
        throw .endBeforeStart(index: index, start: sentence.start, end: sentence.end)
      }
      if sentence.start < previousEnd {
        throw .overlapsPrevious(index: index, start: sentence.start, previousEnd: previousEnd)
      }
      if text != nil, sentence.end > scalars.count {
        throw .endsPastText(index: index, end: sentence.end, textLength: scalars.count)
      }
      previousEnd = sentence.end
    }
    self.init(validated: sentences, scalars: scalars)
  }

  /// Sentences of a text already held (a kept book's mapped text), checked as the other initializer does.
  public init(sentences: [TextSpan], bookText: BookText) throws(SentenceMapError) {
    var previousEnd = 0
    for (index, sentence) in sentences.enumerated() {
      if sentence.start < 0 { throw .negativeStart(index: index, start: sentence.start) }
      if sentence.end < sentence.start { throw .endBeforeStart(index: index, start: sentence.start, end: sentence.end) }
      if sentence.start < previousEnd {
        throw .overlapsPrevious(index: index, start: sentence.start, previousEnd: previousEnd)
      }
      if sentence.end > bookText.count {
        throw .endsPastText(index: index, end: sentence.end, textLength: bookText.count)
      }
      previousEnd = sentence.end
    }
    self.init(validated: sentences, scalars: bookText)
  }

  private init(validated sentences: [TextSpan], scalars: BookText) {
    self.sentences = sentences
    self.scalars = scalars
    self.endOffset = max(scalars.count, sentences.last?.end ?? 0)
  }

  public var isEmpty: Bool { sentences.isEmpty }
  public var count: Int { sentences.count }
  public var hasText: Bool { !scalars.isEmpty }
  public var isNarrated: Bool { clips.contains { $0 != nil } }

  /// The narration of the sentence at `index`, if it has any.
  public func clip(ofSentence index: Int) -> NarrationClip? {
    index >= 0 && index < clips.count ? clips[index] : nil
  }

  /// The sentence the listener is in at `offset`: the last sentence that starts at or before it
  /// (a gap between sentences belongs to the sentence before it), or 0 before the first one.
  /// Returns 0 for an empty book.
  public func sentenceIndex(at offset: Int) -> Int {
    var low = 0
    var high = sentences.count
    while low < high {
      let middle = (low + high) / 2
      if sentences[middle].start <= offset { low = middle + 1 } else { high = middle }
    }
    return max(low - 1, 0)
  }

  /// Whether nothing of the sentence at `index` before `offset` was a word: the listener is at its first word.
  /// Without the text, only the sentence's own start counts as its first word.
  public func isAtFirstWord(of index: Int, offset: Int) -> Bool {
    let sentence = sentences[index]
    if offset <= sentence.start { return true }
    guard hasText else { return false }
    let upTo = min(offset, scalars.count)
    guard sentence.start < upTo else { return true }
    return !scalars[sentence.start..<upTo].contains {
      $0.properties.isAlphabetic || $0.properties.numericType != nil
    }
  }

  /// Whether `span` lies inside the book.
  public func contains(_ span: TextSpan) -> Bool {
    span.start >= 0 && span.length >= 0 && span.end <= endOffset
  }
}

/// A book in a trace: `{"sentences": [[start, end], ...], "text": "..."}`, the text left out when unknown;
/// a long one as its size only (`LongBookCoding`).
extension SentenceMap: Codable {
  private enum Keys: String, CodingKey { case sentences, text, clips, expectedEnd, elided }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    if let elided = try container.decodeIfPresent(LongBookCoding.Elided.self, forKey: .elided) {
      let finder = decoder.userInfo[LongBookCoding.finderKey] as? LongBookCoding.Finder
      self = finder?.find(elided.characters, elided.sentences)?.map ?? LongBookCoding.standIn(elided)
      expectedEndOffset = try container.decodeIfPresent(Int.self, forKey: .expectedEnd)
      return
    }
    let pairs = try container.decode([[Int]].self, forKey: .sentences)
    let spans = try pairs.enumerated().map { index, pair in
      guard pair.count == 2 else {
        throw DecodingError.dataCorruptedError(
          forKey: .sentences, in: container, debugDescription: "sentence \(index) must be [start, end]")
      }
      return TextSpan(start: pair[0], end: pair[1])
    }
    do {
      try self.init(sentences: spans, text: try container.decodeIfPresent(String.self, forKey: .text))
      clips = try container.decodeIfPresent([NarrationClip?].self, forKey: .clips) ?? []
      expectedEndOffset = try container.decodeIfPresent(Int.self, forKey: .expectedEnd)
    } catch let error as SentenceMapError {
      throw DecodingError.dataCorruptedError(forKey: .sentences, in: container, debugDescription: error.description)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    if let limit = encoder.userInfo[LongBookCoding.characterLimitKey] as? Int, LongBookCoding.leavesOut(self, limit: limit) {
      try container.encode(LongBookCoding.Elided(characters: endOffset, sentences: count), forKey: .elided)
      try container.encodeIfPresent(expectedEndOffset, forKey: .expectedEnd)
      return
    }
    try container.encode(sentences.map { [$0.start, $0.end] }, forKey: .sentences)
    if hasText { try container.encode(scalars.string, forKey: .text) }
    if !clips.isEmpty { try container.encode(clips, forKey: .clips) }
    try container.encodeIfPresent(expectedEndOffset, forKey: .expectedEnd)
  }
}

extension SentenceMap {
  /// The sentences `range` as a book of their own, from offset 0: their text, narration and passages.
  public func part(_ range: Range<Int>) -> SentenceMap {
    guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= count else { return .empty }
    let base = sentences[range.lowerBound].start
    let end = sentences[range.upperBound - 1].end
    let spans = sentences[range].map { TextSpan(start: $0.start - base, end: $0.end - base) }
    var part = (try? SentenceMap(sentences: spans, text: hasText ? scalars.text(base..<end) : nil)) ?? .empty
    if !clips.isEmpty { part.clips = Array(clips[range]) }
    part.passages = passages.compactMap { passage in
      passage.start < end
        ? LanguagePassage(start: max(passage.start - base, 0), language: passage.language, declared: passage.declared) : nil
    }.reduce(into: []) { kept, passage in
      if kept.last?.start == passage.start { kept[kept.count - 1] = passage } else { kept.append(passage) }
    }
    return part
  }
}
