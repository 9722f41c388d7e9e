import FoundationEssentials
import Glibc

/// EPUB 2 and 3: `META-INF/container.xml` -> the package (OPF) -> the spine, in order; chapter titles from
/// the EPUB 3 navigation document or the EPUB 2 `toc.ncx`; title, author and language from the package's
/// Dublin Core metadata. A book whose content documents are encrypted is refused as protected.
public enum EPUBBook {
  public static func read(_ bytes: [UInt8], path: String, language override: String? = nil) throws(BookError)
    -> BookDocument
  {
    let zip: ZipArchive
    do {
      zip = try ZipArchive(bytes)
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
    let language = override ?? metadata?.first("language")?.allText.lowercased()

    var manifest: [String: (href: String, type: String, properties: String)] = [:]
    for item in package.first("manifest")?.all("item") ?? [] {
      guard let id = item.attribute("id"), let href = item.attribute("href") else { continue }
      // Some makers list parts of one file as items ("chapter.xhtml#part2"): the file is what is read.
      let file = String(href.prefix { $0 != "#" })
      manifest[id] = (resolve(file, from: base), item.attribute("media-type") ?? "", item.attribute("properties") ?? "")
    }
    let spine = package.first("spine")
    var titles: [String: String] = [:]
    if let nav = manifest.values.first(where: { $0.properties.split(separator: " ").contains("nav") }),
      let navigation = XMLNode.parse((try? file(nav.href)) ?? [])
    {
      let toc = navigation.all("nav").first { $0.attribute("type") == "toc" } ?? navigation.first("nav")
      for link in toc?.all("a") ?? [] {
        guard let href = link.attribute("href") else { continue }
        let target = resolve(String(href.prefix { $0 != "#" }), from: directory(of: nav.href))
        if titles[target] == nil { titles[target] = link.allText }
      }
    } else if let ncxID = spine?.attribute("toc"), let ncx = manifest[ncxID],
      let table = XMLNode.parse((try? file(ncx.href)) ?? [])
    {
      for point in table.all("navPoint") {
        guard let source = point.first("content")?.attribute("src"), let label = point.first("navLabel")?.allText
        else { continue }
        let target = resolve(String(source.prefix { $0 != "#" }), from: directory(of: ncx.href))
        if titles[target] == nil { titles[target] = label }
      }
    }

    var builder = DocumentBuilder()
    var documents = 0
    var read: Set<String> = []
    for reference in spine?.all("itemref") ?? [] where reference.attribute("linear") != "no" {
      guard let id = reference.attribute("idref"), let item = manifest[id], read.insert(item.href).inserted else {
        continue
      }
      guard item.type.contains("html") || item.href.hasSuffix(".xhtml") || item.href.hasSuffix(".html") else {
        continue
      }
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
      HTMLBook.add(PlainTextBook.decode(content), to: &builder, chapterTitle: titles[item.href])
      documents += 1
    }
    guard documents > 0 else { throw .damaged(path: path, reason: "its spine lists no readable content document") }
    var document = builder.document(format: .epub, title: title, author: author, language: language)
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
