import FolioTellCore
import FoundationEssentials
import Glibc

/// A long book read part by part, in reading order: the first part small, so that reading can begin at
/// once, the others large, so that the whole is indexed quickly without ever holding the whole book's
/// text, sentences being found and the text being made together. Each part's offsets start at 0; the
/// parts are joined as paragraphs are (a blank line between them).
///
/// Plain text in UTF-8 and EPUBs without narration are read in parts; any other book is read whole.
public enum BookSlices {
  public enum Outcome {
    /// Every part was handed over; the facts of the whole book.
    case parts(format: BookDocument.Format, title: String?, author: String?, language: String?, problems: [String])
    /// The book was read whole (a format not read in parts, or a talking book): here it is.
    case whole(BookDocument)
    /// `take` asked to stop.
    case stopped
  }

  /// The first part: about this many characters.
  public static let firstCharacters = 16_384
  /// The parts after it.
  public static let laterCharacters = 1 << 18

  /// Reads the book at `path`, handing each part to `take` with how much of the book has been read (0 to 1,
  /// by its file's bytes or its chapters' files); `take` returns false to stop the reading.
  public static func read(
    path: String, language: String? = nil, readNotes: Bool = false, narration: Bool = true,
    take: @escaping (BookDocument, Double) -> Bool
  ) throws(BookError) -> Outcome {
    let kind = URL(fileURLWithPath: path).pathExtension.lowercased()
    if kind == "epub" { return try epub(path: path, language: language, readNotes: readNotes, narration: narration, take: take) }
    guard ["txt", "text", ""].contains(kind), let text = try PlainTextParts(path: path) else {
      return .whole(try BookParser.read(path: path, language: language, readNotes: readNotes, narration: narration).document)
    }
    var language = language
    var title: String?
    var author: String?
    var first = true
    while let bytes = try text.next(first ? firstCharacters : laterCharacters) {
      let part = PlainTextBook.read(bytes, language: language)
      if first {
        (title, author) = (part.title, part.author)
        language = language ?? part.language
        first = false
      }
      guard take(part, text.fractionRead) else { return .stopped }
    }
    guard !first else { throw .empty(path: path) }
    return .parts(format: .plainText, title: title, author: author, language: language, problems: [])
  }

  private static func epub(
    path: String, language: String?, readNotes: Bool, narration: Bool, take: @escaping (BookDocument, Double) -> Bool
  ) throws(BookError) -> Outcome {
    let source = try ZipSource(file: path)
    var handed = 0
    var stopped = false
    let parts = EPUBBook.Parts(characters: { $0 == 0 ? firstCharacters : laterCharacters }) { part, fraction in
      handed += 1
      stopped = !take(part, fraction)
      return !stopped
    }
    let last: BookDocument
    do {
      last = try EPUBBook.read(
        source: source, path: path, language: language, readNotes: readNotes, narration: narration, parts: parts)
    } catch {
      if stopped { return .stopped }
      throw error
    }
    if last.isNarrated || handed == 0 {
      guard !last.sentences.isEmpty else { throw .empty(path: path) }
      return .whole(last)
    }
    if !last.sentences.isEmpty, !take(last, 1) { return .stopped }
    return .parts(
      format: .epub, title: last.title, author: last.author, language: language ?? last.language,
      problems: last.problems)
  }
}

/// A plain-text file in UTF-8 read a part at a time, each part ending where a paragraph does, and the last
/// one where a Project Gutenberg file's licence begins.
final class PlainTextParts {
  private let descriptor: Int32
  private var carried: [UInt8] = []
  private var atEnd = false
  private var isGutenberg = false
  private var read = 0
  private let size: Int

  /// How much of the file the parts so far have taken.
  var fractionRead: Double { size > 0 ? min(Double(read) / Double(size), 1) : 1 }

  /// Nil when the file is not UTF-8 text (another encoding, UTF-16, a binary file): it is read whole.
  init?(path: String) throws(BookError) {
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size) <= BookParser.maximumBytes
    else {
      close(descriptor)
      return nil
    }
    size = Int(status.st_size)
    carried = readMore(65_536)
    let sample = Array(carried.prefix(8_192))
    guard BookParser.looksLikeText(sample), !sample.starts(with: [0xFF, 0xFE]), !sample.starts(with: [0xFE, 0xFF]),
      !sample.starts(with: Array("%PDF".utf8)), !sample.starts(with: [0x50, 0x4B, 0x03, 0x04]),
      validUTF8(upTo: lastBreak(in: carried[...]) ?? carried.count)
    else {
      close(descriptor)
      return nil
    }
    isGutenberg = carried.withUnsafeBufferPointer { GutenbergHeader($0).body.lowerBound > 0 }
  }

  deinit { close(descriptor) }

  /// The next part, about `characters` long (bytes, for prose), ending after a blank line; nil at the end.
  func next(_ characters: Int) throws(BookError) -> [UInt8]? {
    while carried.count < characters, !atEnd { carried += readMore(max(characters, 65_536)) }
    guard !carried.isEmpty else { return nil }
    var cut = carried.count
    if !atEnd || carried.count > characters {
      let window = carried[..<min(carried.count, characters)]
      cut =
        lastBreak(in: window) ?? firstBreak(after: window.count) ?? lastLineEnd(in: window)
        ?? scalarBoundary(before: window.count)
    }
    var part = Array(carried[..<cut])
    carried.removeFirst(cut)
    // The first part finds the Gutenberg header itself; a later one ends the book at its licence.
    if isGutenberg, read > 0, let end = part.withUnsafeBufferPointer({ GutenbergHeader.endOfBody(in: $0) }) {
      part.removeSubrange(end...)
      carried = []
      atEnd = true
    }
    read += cut
    return part.isEmpty && carried.isEmpty ? nil : part
  }

  private func readMore(_ count: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    var got = 0
    while got < count {
      let now = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + got, count - got) }
      if now < 0, errno == EINTR { continue }
      if now <= 0 {
        atEnd = true
        break
      }
      got += now
    }
    buffer.removeSubrange(got...)
    return buffer
  }

  private func validUTF8(upTo end: Int) -> Bool {
    carried[..<end].withUnsafeBufferPointer { UTF8Check($0).isValid }
  }

  /// Just after the last blank line ("\n\n", "\n\r\n"), so a paragraph is never cut.
  private func lastBreak(in bytes: ArraySlice<UInt8>) -> Int? {
    var index = bytes.endIndex - 1
    while index > bytes.startIndex {
      if bytes[index] == 0x0A {
        let before = bytes[index - 1] == 0x0D && index - 1 > bytes.startIndex ? index - 2 : index - 1
        if bytes[before] == 0x0A { return index + 1 }
      }
      index -= 1
    }
    return nil
  }

  private func firstBreak(after start: Int) -> Int? {
    var index = start + 1
    while index < carried.count {
      if carried[index] == 0x0A, carried[index - 1] == 0x0A || (carried[index - 1] == 0x0D && index >= 2 && carried[index - 2] == 0x0A) {
        return index + 1
      }
      index += 1
    }
    return nil
  }

  private func lastLineEnd(in bytes: ArraySlice<UInt8>) -> Int? {
    bytes.lastIndex(of: 0x0A).map { $0 + 1 }
  }

  private func scalarBoundary(before end: Int) -> Int {
    var cut = end
    while cut > 0, cut < carried.count, carried[cut] & 0xC0 == 0x80 { cut -= 1 }
    return max(cut, 1)
  }
}
