import FolioTellCore
import Foundation

/// Opens a book file of any format the box reads.
public enum BookReader {
  /// The largest book file the box opens: a 3 MB novel is a long one; this leaves room for big EPUBs.
  public static let maximumBytes = 32 << 20

  /// Text has no NUL bytes and few control characters (UTF-16 text, with its byte-order mark, is text too).
  static func looksLikeText(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return true }
    let sample = bytes.prefix(8192)
    let controls = sample.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }.count
    return !sample.contains(0) && controls * 50 < max(sample.count, 1)
  }

  public static func read(path: String, language: String? = nil) throws(BookError) -> (
    id: String, document: BookDocument
  ) {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "it cannot be read (check its permissions)" : "no such file"
      throw .unreadable(path: path, reason: reason)
    }
    guard data.count <= maximumBytes else { throw .tooLarge(path: path, bytes: data.count, limit: maximumBytes) }
    let bytes = [UInt8](data)
    let kind = URL(fileURLWithPath: path).pathExtension.lowercased()
    let document: BookDocument
    let isZip = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    switch kind {
    case "epub": document = try EPUBBook.read(bytes, path: path, language: language)
    case _ where isZip && String(decoding: bytes.prefix(60).dropFirst(30), as: UTF8.self).contains("mimetype"):
      document = try EPUBBook.read(bytes, path: path, language: language)
    case "html", "htm", "xhtml": document = HTMLBook.read(bytes, language: language)
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
      document = PlainTextBook.read(bytes, language: language)
    }
    guard !document.sentences.isEmpty else { throw .empty(path: path) }
    return (BookIdentity.id(forContent: bytes), document)
  }
}
