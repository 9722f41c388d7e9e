import FolioTellCore
import FolioTellUnicode
import FoundationEssentials
import Glibc

/// Plain text: UTF-8, UTF-16 with a byte-order mark, or a legacy encoding (Latin-1, Windows-1251, KOI8-R...).
/// Hard-wrapped lines are joined into paragraphs (a blank line ends one); a Project Gutenberg header and
/// licence are left out; headings such as "CHAPTER IV", "Chapter 4." or "BOOK II" become chapters.
public enum PlainTextBook {
  /// The book as UTF-8 bytes: as they are when they are UTF-8 (most books), decoded otherwise
  /// (TextEncoding). Text with combining marks is composed (NFC), as the voices expect.
  static func utf8(_ file: consuming [UInt8]) -> (bytes: [UInt8], encoding: String) {
    let (bytes, encoding) = TextEncoding.utf8(file)
    guard bytes.withUnsafeBufferPointer({ UTF8Check($0) }).hasCombiningMarks else { return (bytes, encoding) }
    return (Array(String(decoding: bytes, as: UTF8.self).canonicallyComposed.utf8), encoding)
  }

  /// Text in any of the encodings above, as a string.
  public static func decode(_ bytes: [UInt8]) -> String { String(decoding: utf8(bytes).bytes, as: UTF8.self) }

  /// The book's text as a person would read it. `bytes` is consumed: a long book's file is let go as soon
  /// as its text is made, so the two are not held with the sentences.
  public static func read(_ bytes: consuming [UInt8], language override: String? = nil) -> BookDocument {
    let (source, encoding) = utf8(bytes)
    var paragraphStarts: [Int] = []
    var chapters: [BookDocument.Chapter] = []
    var header: GutenbergHeader?
    let text = source.withUnsafeBufferPointer { input in
      let found = GutenbergHeader(input)
      header = found
      return String(unsafeUninitializedCapacity: found.body.count + 4) { output in
        joinParagraphs(input, found.body, into: output, paragraphStarts: &paragraphStarts, chapters: &chapters)
      }
    }
    _ = consume source
    // A book that says nothing gets the language of its text (after the Gutenberg header, which is English
    // whatever the book's language), before the sentences are found, so that they follow its rules.
    let (language, languageSource) = BookLanguage.resolve(declared: override ?? header?.language, text: text)
    let passages = PassageDetector.passages(
      in: text, paragraphStarts: paragraphStarts, bookLanguage: language ?? BookLanguage.fallback)
    let sentences = SentenceSegmenter.sentences(
      in: text, language: language ?? BookLanguage.fallback, passages: passages)
    var document = BookDocument(
      format: .plainText, title: header?.title, author: header?.author, language: language,
      languageSource: languageSource, text: text, sentences: sentences, paragraphStarts: paragraphStarts,
      chapters: chapters)
    document.encoding = encoding
    document.passages = passages
    return document
  }

  /// Hard-wrapped lines joined with single spaces into paragraphs (a blank line ends one), paragraphs
  /// separated by a blank line; returns the bytes written. The output is never longer than the input: each
  /// space or blank line written replaces at least as many bytes of line endings.
  private static func joinParagraphs(
    _ input: UnsafeBufferPointer<UInt8>, _ body: Range<Int>, into output: UnsafeMutableBufferPointer<UInt8>,
    paragraphStarts: inout [Int], chapters: inout [BookDocument.Chapter]
  ) -> Int {
    var written = 0
    var scalars = 0
    var paragraphStart: (byte: Int, scalar: Int)?
    // A heading is only a chapter when the next paragraph is not one too (then it is a line of the contents),
    // unless it is one heading passed over whose title comes nowhere later: an empty chapter ("CHAPTER II"
    // right before "CHAPTER III"), kept so the listener can still go to it.
    var pendingHeading: BookDocument.Chapter?
    var passedOver: [BookDocument.Chapter] = []
    var runs: [[BookDocument.Chapter]] = []
    func keep(_ heading: BookDocument.Chapter) {
      chapters.append(heading)
      if !passedOver.isEmpty { runs.append(passedOver) }
      passedOver = []
    }
    func endParagraph() {
      guard let start = paragraphStart else { return }
      paragraphStart = nil
      let length = written - start.byte
      // Most paragraphs are prose, far longer than a heading: only short ones are made into strings.
      var heading: String?
      if length <= 320 {
        let paragraph = String(decoding: UnsafeBufferPointer(rebasing: output[start.byte..<written]), as: UTF8.self)
        if isChapterHeading(paragraph) { heading = paragraph }
      }
      if let pending = pendingHeading {
        if heading == nil { keep(pending) } else { passedOver.append(pending) }
      }
      pendingHeading = heading.map {
        BookDocument.Chapter(title: $0.hasSuffix(".") ? String($0.dropLast()) : $0, start: start.scalar)
      }
    }
    func write(_ byte: UInt8) {
      output[written] = byte
      written += 1
      if byte & 0xC0 != 0x80 { scalars += 1 }
    }
    let lines = TextLines(input, in: body)
    for (line, _) in lines {
      let trimmed = lines.trimmed(line)
      if trimmed.isEmpty {
        endParagraph()
        continue
      }
      if paragraphStart == nil {
        if written > 0 {
          write(0x0A)
          write(0x0A)
        }
        paragraphStart = (written, scalars)
        paragraphStarts.append(scalars)
      } else {
        write(0x20)
      }
      for index in trimmed { write(input[index]) }
    }
    endParagraph()
    if let pending = pendingHeading { keep(pending) }
    for run in runs where run.count == 1 {
      let key = headingKey(run[0].title)
      if !chapters.contains(where: { $0.start > run[0].start && headingKey($0.title) == key }) { chapters.append(run[0]) }
    }
    chapters.sort { $0.start < $1.start }
    return written
  }

  /// Letters and digits only, lowercased: "CHAPTER II." and "Chapter II" are the same heading.
  private static func headingKey(_ title: String) -> String {
    String(String.UnicodeScalarView(title.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
  }

  /// "CHAPTER IV", "Chapter 4.", "CHAPTER XII. The Storm", "BOOK II", "PART ONE", and the same in German,
  /// French, Spanish and Russian ("Kapitel 3", "Chapitre II", "Capítulo 1", "Глава 5"): short, alone in
  /// its paragraph.
  static let headingWords: Set<String> = [
    "chapter", "book", "part", "kapitel", "teil", "buch", "chapitre", "livre", "partie", "capitulo", "capítulo",
    "libro", "parte", "глава", "часть", "книга",
  ]

  static func isChapterHeading(_ paragraph: String) -> Bool {
    // Most paragraphs are prose, far longer than a heading: rule them out before counting characters.
    guard paragraph.utf8.count <= 320, paragraph.count <= 80 else { return false }
    // The first word decides before the pattern is tried: a book has thousands of short paragraphs.
    let first = paragraph.prefix { !$0.isWhitespace }
    guard first.first?.isUppercase == true, headingWords.contains(first.lowercased()) else { return false }
    let pattern =
      /^(?i:chapter|book|part|kapitel|teil|buch|chapitre|livre|partie|cap[ií]tulo|libro|parte|глава|часть|книга)\s+([IVXLCDM]+|\d+|(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|first|second|third|fourth|fifth|last))\b[.:]?(\s.*)?$/
    guard let match = paragraph.wholeMatch(of: pattern) else { return false }
    // "Part two of the plan failed." is prose: a heading's first word is capitalized, and what follows the
    // number, if anything, is a title (capitalized) rather than the rest of a sentence.
    guard let rest = match.output.2?.trimmingSpaces(), !rest.isEmpty else { return true }
    return (rest.first?.isUppercase == true || rest.first?.isNumber == true || "—-–:\"'“".contains(rest.first!))
      && !rest.dropLast().contains(". ")
  }
}
