import FolioTellCore
import Foundation

/// Opens a book file of any format the box reads.
public enum BookReader {
  public static func read(path: String, language: String? = nil) throws(BookError) -> (
    id: String, document: BookDocument
  ) {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "it cannot be read (check its permissions)" : "no such file"
      throw .unreadable(path: path, reason: reason)
    }
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
      document = PlainTextBook.read(bytes, language: language)
    }
    guard !document.sentences.isEmpty else { throw .empty(path: path) }
    return (BookIdentity.id(forContent: bytes), document)
  }
}
