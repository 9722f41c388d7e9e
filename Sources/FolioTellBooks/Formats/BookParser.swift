import FolioTellCore
import FoundationEssentials
import Glibc

/// Opens a book file of any format the box reads.
public enum BookParser {
  /// The largest book file the box opens: a 3 MB novel is a long one; this leaves room for big EPUBs.
  public static let maximumBytes = 32 << 20

  /// Text has no NUL bytes and few control characters (UTF-16 text, with its byte-order mark, is text too).
  static func looksLikeText(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return true }
    let sample = bytes.prefix(8192)
    let controls = sample.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }.count
    return !sample.contains(0) && controls * 50 < max(sample.count, 1)
  }

  /// A book's file opened for reading, with its size; the same words for every reader when it cannot be:
  /// missing, not allowed, a folder, or larger than a book can be. The caller closes the descriptor.
  static func openBook(_ path: String) throws(BookError) -> (descriptor: Int32, size: Int) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT
        ? "no such file"
        : errno == EACCES ? "it cannot be read (check its permissions)" : String(cString: strerror(errno))
      throw .unreadable(path: path, reason: reason)
    }
    var information = stat()
    guard fstat(descriptor, &information) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw .unreadable(path: path, reason: reason)
    }
    guard information.st_mode & S_IFMT != S_IFDIR else {
      close(descriptor)
      throw .unreadable(path: path, reason: "it is a folder, not a file")
    }
    let size = Int(information.st_size)
    guard size <= maximumBytes else {
      close(descriptor)
      throw .tooLarge(path: path, bytes: size, limit: maximumBytes)
    }
    return (descriptor, size)
  }

  /// The file's bytes, read straight into one array (no second copy), or why they cannot be read.
  static func contents(of path: String) throws(BookError) -> [UInt8] {
    let (descriptor, size) = try openBook(path)
    defer { close(descriptor) }
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      while count < size {
        let got = Glibc.read(descriptor, buffer.baseAddress! + count, size - count)
        if got < 0, errno == EINTR { continue }
        if got < 0 { failure = errno }
        if got <= 0 { break }
        count += got
      }
    }
    if failure != 0 { throw .unreadable(path: path, reason: String(cString: strerror(failure))) }
    // A file that grew while it was read (or a /proc-like file that reports no size) is read to its end.
    var more = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= maximumBytes {
      let got = Glibc.read(descriptor, &more, more.count)
      if got < 0, errno == EINTR { continue }
      if got <= 0 { break }
      bytes += more[0..<got]
    }
    guard bytes.count <= maximumBytes else { throw .tooLarge(path: path, bytes: bytes.count, limit: maximumBytes) }
    return bytes
  }

  /// A file's id (`BookIdentity`), hashed a block at a time; nil when it cannot be read.
  public static func contentID(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var hasher = BookIdentity.Hasher()
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let got = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
      if got < 0, errno == EINTR { continue }
      if got < 0 { return nil }
      if got == 0 { return hasher.id }
      block.withUnsafeBufferPointer { hasher.add(UnsafeBufferPointer(rebasing: $0[0..<got])) }
    }
  }

  /// Reads a book. `language` overrides the book's own; `readNotes` reads footnotes and endnotes where they
  /// sit in the text (by default they are left out, and only where the text refers to them is kept).
  /// `narration` false reads a book that has narration (EPUB media overlays) with the voice instead.
  public static func read(path: String, language: String? = nil, readNotes: Bool = false, narration: Bool = true)
    throws(BookError) -> (
    id: String, document: BookDocument
  ) {
    if let daisy = try DAISYBook.read(at: path, language: language, readNotes: readNotes, narration: narration) {
      return daisy
    }
    if let audiobook = try Audiobook.read(at: path) { return audiobook }
    var bytes = try contents(of: path)
    let id = BookIdentity.id(forContent: bytes)
    let kind = URL(fileURLWithPath: path).pathExtension.lowercased()
    let document: BookDocument
    let isZip = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    switch kind {
    case "epub":
      document = try EPUBBook.read(bytes, path: path, language: language, readNotes: readNotes, narration: narration)
    case _ where isZip && String(decoding: bytes.prefix(60).dropFirst(30), as: UTF8.self).contains("mimetype"):
      document = try EPUBBook.read(bytes, path: path, language: language, readNotes: readNotes, narration: narration)
    case "html", "htm", "xhtml": document = HTMLBook.read(bytes, language: language, readNotes: readNotes)
    case "md", "markdown": document = MarkdownBook.read(bytes, language: language)
    case "pdf": throw .unsupported(path: path, kind: "a PDF")
    case "mobi", "azw", "azw3", "kfx": throw .unsupported(path: path, kind: "a Kindle book")
    default:
      if isZip { throw .unsupported(path: path, kind: "a zip archive") }
      if bytes.starts(with: Array("%PDF".utf8)) { throw .unsupported(path: path, kind: "a PDF") }
      if bytes.count > 68, bytes[60..<68].elementsEqual("BOOKMOBI".utf8) {
        throw .unsupported(path: path, kind: "a Kindle book")
      }
      if !looksLikeText(bytes) { throw .notText(path: path) }
      // The plain-text reader lets go of the file's bytes once it has the text: a long book is not held twice.
      document = PlainTextBook.read(consume bytes, language: language)
      bytes = []
    }
    guard !document.sentences.isEmpty else { throw .empty(path: path) }
    return (id, document)
  }
}
