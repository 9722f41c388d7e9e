import CSentenceBreaks
import FolioTellCore

/// Splits prose into sentences: ICU's sentence rules for the book's language, inside paragraphs, plus the
/// box's own rules where ICU is wrong for real books (see `continuesAfter`): each language's abbreviations
/// are data (`LanguageForms`). English also uses ICU's own list of abbreviations (the `ss=standard`
/// keyword); for German and Spanish that list keeps whole paragraphs together ("sehr. Es war", "mar.
/// Hacía": it takes their endings for abbreviations), so they, and the others, use the box's list only.
public enum SentenceSegmenter {
  /// Sentences of `text` (offsets in Unicode scalars), for a language code like `en`, `de-DE` or `ru`.
  ///
  /// The text is read once, a paragraph at a time (a paragraph ends at a blank line): only one paragraph,
  /// or one window of a very long one, is ever held as scalars, so a 3 MB book needs no 12 MB copy of itself.
  /// `passages`: where a book that mixes languages changes language; each paragraph follows the rules of
  /// the passage it starts in.
  public static func sentences(in text: String, language: String, passages: [LanguagePassage] = []) -> [TextSpan] {
    let base = String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
    let bookLanguage = base.isEmpty ? "en" : base
    var iterators: [String: BreakIterator] = [:]
    func iterator(for language: String) -> BreakIterator {
      if let known = iterators[language] { return known }
      let made = BreakIterator(language: language)
      iterators[language] = made
      return made
    }
    var result: [TextSpan] = []
    var chunk: [Unicode.Scalar] = []
    chunk.reserveCapacity(min(text.utf8.count, window) + 1)
    var chunkStart = 0
    var offset = 0
    var newlines = 0
    func segment(_ count: Int) {
      let language = passages.language(at: chunkStart).map { LanguageForms.base(of: $0) } ?? bookLanguage
      var pieces = icuSentences(chunk, in: 0..<count, iterator: iterator(for: language))
      pieces = merged(pieces, scalars: chunk, language: language).flatMap { splitAtDialogueDashes($0, chunk) }
      for piece in pieces { result.append(TextSpan(start: piece.start + chunkStart, end: piece.end + chunkStart)) }
    }
    for scalar in text.unicodeScalars {
      defer { offset += 1 }
      if scalar == "\n" || scalar == "\u{2029}" {
        newlines += scalar == "\u{2029}" ? 2 : 1
        if !chunk.isEmpty { chunk.append(scalar) }
        continue
      }
      if isSpace(scalar) {
        if !chunk.isEmpty { chunk.append(scalar) }
        continue
      }
      if newlines >= 2, !chunk.isEmpty {
        segment(chunk.count)
        chunk.removeAll(keepingCapacity: true)
      }
      newlines = 0
      if chunk.isEmpty { chunkStart = offset }
      chunk.append(scalar)
      if chunk.count > window {
        let cut = windowCut(chunk)
        segment(cut)
        chunk.removeFirst(cut)
        chunkStart += cut
      }
    }
    if !chunk.isEmpty { segment(chunk.count) }
    return result
  }

  /// A paragraph longer than this is cut (at white space) before ICU sees it, so memory stays bounded on a
  /// book that is one enormous line.
  static let window = 65_536

  /// Where to cut a paragraph that outgrew the window: at the last white space of its second half.
  static func windowCut(_ scalars: [Unicode.Scalar]) -> Int {
    var cut = window
    while cut > window / 2, !isSpace(scalars[cut]) { cut -= 1 }
    return cut
  }

  /// White space, with a fast path for ASCII (the Unicode property lookup is costly on a whole book).
  @inline(__always)
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
    return scalar.properties.isWhitespace
  }

  /// One ICU iterator for a whole book (opening one is costly).
  final class BreakIterator {
    let handle: UnsafeMutableRawPointer?
    init(language: String) {
      var error: Int32 = 0
      let locale = language == "en" ? "en@ss=standard" : language
      handle = locale.withCString { folio_sentence_iterator_open($0, &error) }
    }
    deinit { folio_sentence_iterator_close(handle) }
  }

  private static func icuSentences(_ scalars: [Unicode.Scalar], in paragraph: Range<Int>, iterator: BreakIterator)
    -> [TextSpan]
  {
    // UTF-16 for ICU, with line breaks as spaces so that hard-wrapped lines stay one sentence.
    var units: [UInt16] = []
    var scalarAtUnit: [Int] = []
    units.reserveCapacity(paragraph.count)
    scalarAtUnit.reserveCapacity(paragraph.count + 1)
    for index in paragraph {
      let value = scalars[index].value
      if value < 0x1_0000 {
        // Line breaks become spaces; other characters keep their code unit.
        units.append(value == 0x0A || value == 0x0D || value == 0x2028 ? 0x20 : UInt16(value))
        scalarAtUnit.append(index)
      } else {
        let shifted = value - 0x1_0000
        units.append(UInt16(0xD800 + (shifted >> 10)))
        units.append(UInt16(0xDC00 + (shifted & 0x3FF)))
        scalarAtUnit.append(index)
        scalarAtUnit.append(index)
      }
    }
    scalarAtUnit.append(paragraph.upperBound)
    var boundaries = [Int32](repeating: 0, count: units.count + 2)
    var status: Int32 = 0
    let count =
      iterator.handle.map {
        folio_sentence_boundaries($0, units, Int32(units.count), &boundaries, Int32(boundaries.count), &status)
      }
      ?? -1
    // ICU failing (out of memory) leaves the paragraph as one sentence: reading goes on.
    guard count >= 2 else { return [TextSpan(start: paragraph.lowerBound, end: paragraph.upperBound)] }
    var spans: [TextSpan] = []
    for index in 0..<(Int(count) - 1) {
      var start = scalarAtUnit[Int(boundaries[index])]
      var end = scalarAtUnit[Int(boundaries[index + 1])]
      while start < end, isSpace(scalars[start]) { start += 1 }
      while end > start, isSpace(scalars[end - 1]) { end -= 1 }
      if end > start { spans.append(TextSpan(start: start, end: end)) }
    }
    return spans
  }

  static let dashes: Set<Unicode.Scalar> = ["\u{2014}", "\u{2013}"]

  /// Splits ICU misses. Dialogue in Russian (and French, Spanish) books: "— Привет! — сказал он. — Как
  /// дела?" is two sentences, the second starting at the dash that follows a full stop; and "He said no.
  /// Then he left." is two, though ICU's English list keeps "No." for "No. 5".
  static func splitAtDialogueDashes(_ span: TextSpan, _ scalars: [Unicode.Scalar]) -> [TextSpan] {
    var pieces: [TextSpan] = []
    var start = span.start
    var index = span.start
    while index < span.end {
      let value = scalars[index].value
      if value == 0x2E || value == 0x21 || value == 0x3F || value == 0x2026 {
        var next = index + 1
        while next < span.end, isSpace(scalars[next]) { next += 1 }
        // ICU keeps "no." with what follows (as in "No. 5"); lower-case "no." before a capital is the word.
        if scalars[index] == ".", index >= span.start + 2, next > index + 1, next < span.end,
          scalars[index - 2] == "n", scalars[index - 1] == "o",
          index == span.start + 2 || !scalars[index - 3].properties.isAlphabetic,
          scalars[next].properties.isUppercase
        {
          pieces.append(TextSpan(start: start, end: index + 1))
          start = next
          index = next
          continue
        }
        if next > index + 1, next < span.end, dashes.contains(scalars[next]) {
          var letter = next + 1
          while letter < span.end, isSpace(scalars[letter]) { letter += 1 }
          if letter < span.end, scalars[letter].properties.isUppercase {
            pieces.append(TextSpan(start: start, end: index + 1))
            start = next
            index = next
            continue
          }
        }
      }
      index += 1
    }
    pieces.append(TextSpan(start: start, end: span.end))
    return pieces
  }

  /// Joins pieces ICU split after an abbreviation or an initial, or before a word in lower case.
  private static func merged(_ pieces: [TextSpan], scalars: [Unicode.Scalar], language: String) -> [TextSpan] {
    var result: [TextSpan] = []
    for piece in pieces {
      if let last = result.last, continuesAfter(last, into: piece, scalars: scalars, language: language) {
        result[result.count - 1] = TextSpan(start: last.start, end: piece.end)
      } else {
        result.append(piece)
      }
    }
    return result
  }

  static func continuesAfter(_ sentence: TextSpan, into next: TextSpan, scalars: [Unicode.Scalar], language: String)
    -> Bool
  {
    guard sentence.end > sentence.start, scalars[sentence.end - 1] == "." else {
      return startsLowercase(next, scalars)
    }
    let dot = sentence.end - 1
    let forms = LanguageForms.of(language)
    let found =
      forms.abbreviation(endingAt: dot, in: scalars)
      ?? (forms.code == "en" ? nil : LanguageForms.of("en").abbreviation(endingAt: dot, in: scalars))
    if let (abbreviation, start) = found {
      switch abbreviation.sentence {
      case .goesOn: return true
      case .mayEnd: return startsLowercase(next, scalars)
      case .mayEndAfterNumber: return followsNumber(start, scalars) ? startsLowercase(next, scalars) : true
      }
    }
    // Only the last word matters; looking no further keeps long runs of merges linear.
    let text = String(String.UnicodeScalarView(scalars[max(sentence.start, sentence.end - 41)..<(sentence.end - 1)]))
    let words = text.split(whereSeparator: { $0.isWhitespace })
    guard let lastWord = words.last else { return false }
    // An initial ("J. R. R. Tolkien"), or one letter of an abbreviation ("z. B.", "d. h.", "т. е.", "т. д.");
    // not a one-letter word that can end a sentence, like Russian "я".
    if lastWord.count == 1, let letter = lastWord.first {
      if letter.isUppercase { return true }
      let abbreviationLetters: [String: Set<Character>] = [
        "de": ["z", "d", "u", "s", "o", "v"], "ru": ["т", "и", "с", "г", "н", "п"],
      ]
      if abbreviationLetters[language]?.contains(letter) == true { return true }
    }
    // A German ordinal: "am 3. Oktober".
    if language == "de", (1...2).contains(lastWord.count), lastWord.allSatisfy(\.isNumber) { return true }
    return startsLowercase(next, scalars)
  }

  /// Whether a number stands right before `index` (after white space): "2021 г.".
  private static func followsNumber(_ index: Int, _ scalars: [Unicode.Scalar]) -> Bool {
    var position = index
    while position > 0, isSpace(scalars[position - 1]) { position -= 1 }
    return position > 0 && scalars[position - 1].properties.numericType != nil
  }

  private static func startsLowercase(_ span: TextSpan, _ scalars: [Unicode.Scalar]) -> Bool {
    for index in span.start..<span.end where scalars[index].properties.isAlphabetic {
      return scalars[index].properties.isLowercase
    }
    return false
  }
}
