import FoundationEssentials
import Glibc

/// EPUB 2 and 3: `META-INF/container.xml` -> the package (OPF) -> the spine, in order (XHTML and SVG
/// pages); chapter titles and the print edition's page list from the EPUB 3 navigation document or the
/// EPUB 2 `toc.ncx`; title, author and language from the package's Dublin Core metadata. A book whose
/// content documents are encrypted is refused as protected; one whose pages are only pictures says so.
/// Footnotes and endnotes are read only with `readNotes` (see `HTMLBook`).
public enum EPUBBook {
  /// Where a long book's parts go as they are read (`BookSlices`): each content document is added to the
  /// part being made, and a part is handed over (and a new one begun) once it has `characters`.
  public struct Parts {
    public var characters: (_ part: Int) -> Int
    /// False stops the reading (the part was not wanted after all).
    public var take: (BookDocument, _ fractionRead: Double) -> Bool
  }

  public static func read(
    _ bytes: [UInt8], path: String, language override: String? = nil, readNotes: Bool = false, narration: Bool = true,
    parts: Parts? = nil
  ) throws(BookError) -> BookDocument {
    try read(
      source: ZipSource(bytes), path: path, language: override, readNotes: readNotes, narration: narration, parts: parts)
  }

  /// The book read from its file as it is needed (`ZipSource`): only its directory and the file being
  /// read are held.
  static func read(
    source: ZipSource, path: String, language override: String? = nil, readNotes: Bool = false, narration: Bool = true,
    parts: Parts? = nil
  ) throws(BookError) -> BookDocument {
    let zip: ZipArchive
    do {
      zip = try ZipArchive(source: source)
    } catch {
      throw .damaged(path: path, reason: reason(error))
    }
    var inflated = 0
    func file(_ name: String) throws(BookError) -> [UInt8] {
      do throws(ZipArchive.Failure) {
        let data = try zip.data(name)
        inflated += data.count
        guard inflated <= ZipArchive.maximumTotalSize else {
          throw ZipArchive.Failure.damaged(
            "its files add up to more than \(ZipArchive.maximumTotalSize >> 20) MB (a zip bomb?)")
        }
        return data
      } catch {
        throw .damaged(path: path, reason: reason(error))
      }
    }
    var problems = zip.unsafeNames.map { "left out '\($0)': its name points outside the book" }
    if zip.contains("META-INF/encryption.xml") {
      guard let encryption = XMLNode.parse(try file("META-INF/encryption.xml")) else {
        throw .damaged(path: path, reason: "its encryption.xml cannot be read, so the book may be protected")
      }
      // Font obfuscation is allowed; encrypted text is DRM.
      let encrypted = encryption.all("CipherReference").compactMap { $0.attribute("URI")?.lowercased() }
      if encrypted.contains(where: {
        $0.hasSuffix(".xhtml") || $0.hasSuffix(".html") || $0.hasSuffix(".htm") || $0.hasSuffix(".xml")
      }) {
        throw .protected(path: path)
      }
    }
    guard let container = XMLNode.parse(try file("META-INF/container.xml")),
      let packagePath = container.first("rootfile")?.attribute("full-path"), !packagePath.isEmpty
    else { throw .damaged(path: path, reason: "META-INF/container.xml does not name the book's package file") }
    guard let package = XMLNode.parse(try file(packagePath)) else {
      throw .damaged(path: path, reason: "its package file \(packagePath) is not XML text")
    }
    let base = directory(of: packagePath)
    let metadata = package.first("metadata")
    let title = metadata?.first("title")?.allText
    let author = metadata?.first("creator")?.allText
    var language = override ?? metadata?.first("language")?.allText.lowercased()

    var manifest: [String: (href: String, type: String, properties: String)] = [:]
    var overlayIDs: [String: String] = [:]
    for item in package.first("manifest")?.all("item") ?? [] {
      guard let id = item.attribute("id"), let href = item.attribute("href") else { continue }
      if let overlay = item.attribute("media-overlay") { overlayIDs[id] = overlay }
      // Some makers list parts of one file as items ("chapter.xhtml#part2"): the file is what is read.
      let file = String(href.prefix { $0 != "#" })
      manifest[id] = (resolve(file, from: base), item.attribute("media-type") ?? "", item.attribute("properties") ?? "")
    }
    let spine = package.first("spine")
    func navigation(_ item: (href: String, type: String, properties: String)?) -> (root: XMLNode, path: String)? {
      guard let item, let root = XMLNode.parse((try? file(item.href)) ?? []) else { return nil }
      return (root, item.href)
    }
    let navigation = EPUBNavigation(
      nav: navigation(manifest.values.first { $0.properties.split(separator: " ").contains("nav") }),
      ncx: navigation(spine?.attribute("toc").flatMap { manifest[$0] }))

    // Media overlays: the book plays its narration, unless the reader chose the voice.
    let linear = (spine?.all("itemref") ?? []).filter { $0.attribute("linear") != "no" }.compactMap { $0.attribute("idref") }
    if narration, linear.contains(where: { overlayIDs[$0].flatMap { manifest[$0] } != nil }) {
      var items: [EPUBNarration.Item] = []
      for id in linear {
        guard let item = manifest[id], item.type.contains("html") || item.href.hasSuffix("html"),
          !items.contains(where: { $0.content == item.href })
        else { continue }
        items.append(EPUBNarration.Item(content: item.href, overlay: overlayIDs[id].flatMap { manifest[$0]?.href }))
      }
      var document = try EPUBNarration.read(
        zip, path: path, spine: items, navigation: navigation, title: title, author: author, language: language,
        readNotes: readNotes)
      document.problems = problems + document.problems
      return document
    }

    var builder = DocumentBuilder()
    let spineCount = (spine?.all("itemref") ?? []).filter { $0.attribute("linear") != "no" }.count
    var handed = 0
    var documents = 0
    var pictures = 0
    var read: Set<String> = []
    for reference in spine?.all("itemref") ?? [] where reference.attribute("linear") != "no" {
      guard let id = reference.attribute("idref"), let item = manifest[id], read.insert(item.href).inserted else {
        continue
      }
      // A picture as a page of its own (fixed-layout books and comics do this, with or without a fallback).
      if item.type.hasPrefix("image/") && !item.type.contains("svg") {
        pictures += 1
        continue
      }
      guard
        item.type.contains("html") || item.type.contains("svg") || item.href.hasSuffix(".xhtml")
          || item.href.hasSuffix(".html") || item.href.hasSuffix(".svg")
      else { continue }
      // A content document that is missing or broken is skipped; the rest of the book is still read.
      let content: [UInt8]
      do {
        content = try file(item.href)
      } catch {
        if case .damaged(_, let reason) = error, reason.contains("zip bomb") { throw error }
        problems.append(
          "skipped '\(item.href)': \(error.description.replacing("the book '\(path)' is damaged: ", with: ""))"
        )
        continue
      }
      let html = PlainTextBook.decode(content)
      let parsed = HTMLBook.add(
        html, to: &builder, anchors: navigation.anchors(for: item.href, in: html), language: language,
        readNotes: readNotes)
      pictures += parsed.pictures
      documents += 1
      if let parts, builder.characters >= parts.characters(handed) {
        var part = builder.document(format: .epub, title: title, author: author, language: language)
        part.problems = problems
        // The later parts follow the first's language, told once from the beginning.
        language = language ?? part.language
        handed += 1
        guard parts.take(part, Double(documents) / Double(max(spineCount, documents))) else { throw .unreadable(path: path, reason: "its reading was stopped") }
        builder = DocumentBuilder()
      }
    }
    var document = builder.document(format: .epub, title: title, author: author, language: language)
    // Pictures and no text: a comic, a scanned book. Not damaged, and downloading it again will not help.
    if document.sentences.isEmpty && pictures > 0 && handed == 0 { throw .onlyPictures(path: path) }
    guard documents > 0 else { throw .damaged(path: path, reason: "its spine lists no readable content document") }
    document.problems = problems
    return document
  }

  static func reason(_ error: ZipArchive.Failure) -> String {
    switch error {
    case .notAZip: return "it is not a zip archive, as an EPUB must be"
    case .damaged(let reason): return reason
    }
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  /// A manifest or link href, relative to `base` and percent-encoded, as a path inside the archive.
  static func resolve(_ href: String, from base: String) -> String {
    let decoded = Self.percentDecoded(href) ?? href
    var parts: [Substring] = []
    for part in (base + decoded).split(separator: "/", omittingEmptySubsequences: true) {
      // ".." at the top stays inside the archive: there is nothing above it.
      if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
    }
    return parts.joined(separator: "/")
  }
}

extension EPUBBook {
  /// `%20` and the like decoded (an href is a URL); nil when an escape is broken or gives bad UTF-8.
  static func percentDecoded(_ text: String) -> String? {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var utf8 = text.utf8.makeIterator()
    while let byte = utf8.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = utf8.next(), let low = utf8.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(value)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
