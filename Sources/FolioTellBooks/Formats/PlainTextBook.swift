import FolioTellCore
import Foundation

/// Plain text: UTF-8, UTF-16 with a byte-order mark, or Windows-1252 when the bytes are not UTF-8.
/// Hard-wrapped lines are joined into paragraphs (a blank line ends one); a Project Gutenberg header and
/// licence are left out; headings such as "CHAPTER IV", "Chapter 4." or "BOOK II" become chapters.
public enum PlainTextBook {
  public static func decode(_ bytes: [UInt8]) -> String {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
    if bytes.starts(with: [0xFF, 0xFE]) {
      return String(data: Data(bytes.dropFirst(2)), encoding: .utf16LittleEndian) ?? ""
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      return String(data: Data(bytes.dropFirst(2)), encoding: .utf16BigEndian) ?? ""
    }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(data: Data(bytes), encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
  }

  public static func read(_ bytes: [UInt8], language override: String? = nil) -> BookDocument {
    var raw = decode(bytes)
    // Composing is costly on a long book and rarely needed: only when a combining mark is there.
    if raw.unicodeScalars.contains(where: {
      $0.value >= 0x300 && $0.properties.canonicalCombiningClass != .notReordered
    }) {
      raw = raw.precomposedStringWithCanonicalMapping
    }
    // Lines, whatever their ending (\n, \r\n or \r).
    var lines = raw.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).flatMap { line in
      // Windows files end lines with \r\n; old Mac files with \r alone.
      let body = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
      guard body.contains(UInt8(ascii: "\r")) else { return [String(decoding: body, as: UTF8.self)] }
      return body.split(separator: UInt8(ascii: "\r"), omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    let header = GutenbergHeader(lines: lines)
    lines = header.body
    // Paragraphs: runs of non-blank lines, joined with single spaces (built as bytes: a book has many lines).
    var paragraphs: [String] = []
    var current: [UInt8] = []
    for line in lines {
      let bytes = line.utf8
      guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else {
        if !current.isEmpty { paragraphs.append(String(decoding: current, as: UTF8.self)) }
        current.removeAll(keepingCapacity: true)
        continue
      }
      let last = bytes.lastIndex { $0 != 0x20 && $0 != 0x09 }!
      if !current.isEmpty { current.append(0x20) }
      current.append(contentsOf: bytes[first...last])
    }
    if !current.isEmpty { paragraphs.append(String(decoding: current, as: UTF8.self)) }

    var text = ""
    var scalarCount = 0
    var paragraphStarts: [Int] = []
    var chapters: [BookDocument.Chapter] = []
    let headings = paragraphs.map(isChapterHeading)
    for (index, paragraph) in paragraphs.enumerated() {
      if !text.isEmpty {
        text += "\n\n"
        scalarCount += 2
      }
      paragraphStarts.append(scalarCount)
      // A heading followed by another heading is a line of the table of contents, not a chapter's start.
      if headings[index], index + 1 == paragraphs.count || !headings[index + 1] {
        let title = paragraph.hasSuffix(".") ? String(paragraph.dropLast()) : paragraph
        chapters.append(BookDocument.Chapter(title: title, start: scalarCount))
      }
      text += paragraph
      // Scalars are the UTF-8 bytes that do not continue another one.
      scalarCount += paragraph.utf8.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
    let language = override ?? header.language
    let sentences = SentenceSegmenter.sentences(in: Array(text.unicodeScalars), language: language ?? "en")
    return BookDocument(
      format: .plainText, title: header.title, author: header.author, language: language, text: text,
      sentences: sentences, paragraphStarts: paragraphStarts, chapters: chapters)
  }

  /// "CHAPTER IV", "Chapter 4.", "CHAPTER XII. The Storm", "BOOK II", "PART ONE", and the same in German,
  /// French, Spanish and Russian ("Kapitel 3", "Chapitre II", "Capítulo 1", "Глава 5"): short, alone in
  /// its paragraph.
  static func isChapterHeading(_ paragraph: String) -> Bool {
    // Most paragraphs are prose, far longer than a heading: rule them out before counting characters.
    guard paragraph.utf8.count <= 320, paragraph.count <= 80 else { return false }
    let pattern =
      /^(?i:chapter|book|part|kapitel|teil|buch|chapitre|livre|partie|cap[ií]tulo|libro|parte|глава|часть|книга)\s+([IVXLCDM]+|\d+|(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|first|second|third|fourth|fifth|last))\b[.:]?(\s.*)?$/
    guard let match = paragraph.wholeMatch(of: pattern) else { return false }
    // "Part two of the plan failed." is prose: a heading's first word is capitalized, and what follows the
    // number, if anything, is a title (capitalized) rather than the rest of a sentence.
    let first = paragraph.prefix { !$0.isWhitespace }
    guard first.first?.isUppercase == true else { return false }
    guard let rest = match.output.2?.trimmingCharacters(in: .whitespaces), !rest.isEmpty else { return true }
    return (rest.first?.isUppercase == true || rest.first?.isNumber == true || "—-–:\"'“".contains(rest.first!))
      && !rest.dropLast().contains(". ")
  }
}

/// What a Project Gutenberg file says about itself, and the text between its start and end markers.
struct GutenbergHeader {
  var title: String?
  var author: String?
  var language: String?
  var body: [String]

  static let languages = [
    "english": "en", "german": "de", "french": "fr", "spanish": "es", "russian": "ru", "italian": "it",
    "portuguese": "pt", "dutch": "nl", "finnish": "fi", "swedish": "sv", "latin": "la", "polish": "pl",
  ]

  init(lines: [String]) {
    func marker(_ line: String, _ word: String) -> Bool {
      guard line.utf8.first == UInt8(ascii: "*"), line.hasPrefix("***") else { return false }
      let upper = line.uppercased()
      return upper.contains(word) && upper.contains("PROJECT GUTENBERG")
    }
    let start = lines.firstIndex { marker($0, "START OF") }
    var end = lines.lastIndex { marker($0, "END OF") }
    // Older files say "End of the Project Gutenberg EBook of ..." just before the end marker, or instead of it.
    if let closing = lines.lastIndex(where: {
      guard let first = $0.utf8.first, first == UInt8(ascii: "E") || first == UInt8(ascii: "e") else { return false }
      let upper = $0.uppercased()
      return (upper.hasPrefix("END OF THE PROJECT GUTENBERG") || upper.hasPrefix("END OF PROJECT GUTENBERG"))
    }), closing > (start ?? -1), closing < (end ?? lines.count) {
      end = closing
    }
    guard let start else {
      body = lines
      return
    }
    for line in lines[..<start] {
      if line.hasPrefix("Title:") { title = line.dropFirst(6).trimmingCharacters(in: .whitespaces) }
      if line.hasPrefix("Author:") { author = line.dropFirst(7).trimmingCharacters(in: .whitespaces) }
      if line.hasPrefix("Language:") {
        let name = line.dropFirst(9).trimmingCharacters(in: .whitespaces).lowercased()
        language = Self.languages[name] ?? (name.count == 2 ? name : nil)
      }
    }
    let stop = end.map { max($0, start + 1) } ?? lines.count
    body = Array(lines[(start + 1)..<stop])
  }
}
