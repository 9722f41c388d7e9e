import FolioTellCore
import FoundationEssentials
import Glibc

/// Markdown: `#`, `##` and `###` headings (and underlined ones) start chapters; emphasis, code marks and
/// link syntax are not read aloud (a link reads as its text, an image as its description); list bullets,
/// quote marks and HTML tags are dropped; code blocks are read as they are.
public enum MarkdownBook {
  public static func read(_ bytes: [UInt8], language: String? = nil) -> BookDocument {
    let text = PlainTextBook.decode(bytes).replacing("\r\n", with: "\n")
    var builder = DocumentBuilder()
    var paragraph: [String] = []
    var title: String?
    var inFence = false
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    func flush() {
      builder.paragraph(inline(paragraph.joined(separator: " ")))
      paragraph = []
    }
    func heading(_ level: Int, _ raw: String) {
      flush()
      let text = inline(raw.trimming { $0 == "#" || ($0.isWhitespace && !$0.isNewline) })
      if level <= 3 { builder.chapter(text) }
      if level == 1, title == nil { title = text }
      builder.paragraph(text)
    }

    var index = 0
    // Front matter ("---", "title: ...", "---") describes the document; it is not read.
    if lines.first?.trimmingSpaces() == "---",
      let close = lines.dropFirst().firstIndex(where: { $0.trimmingSpaces() == "---" })
    {
      for line in lines[1..<close] where line.lowercased().hasPrefix("title:") {
        title = line.dropFirst(6).trimming { " \"'".contains($0) }
      }
      index = close + 1
    }
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingSpaces()
      index += 1
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        flush()
        inFence.toggle()
        continue
      }
      if inFence {
        builder.paragraph(line)
        continue
      }
      if trimmed.isEmpty {
        flush()
        continue
      }
      if let hashes = trimmed.firstIndex(where: { $0 != "#" }), trimmed.hasPrefix("#"),
        trimmed[hashes] == " ", trimmed.distance(from: trimmed.startIndex, to: hashes) <= 6
      {
        heading(trimmed.distance(from: trimmed.startIndex, to: hashes), String(trimmed[hashes...]))
        continue
      }
      // Setext headings: a line underlined with === or ---.
      if index < lines.count, !paragraph.isEmpty || !trimmed.isEmpty {
        let next = lines[index].trimmingSpaces()
        if next.count >= 3, next.allSatisfy({ $0 == "=" }) || next.allSatisfy({ $0 == "-" }), paragraph.isEmpty {
          heading(next.first == "=" ? 1 : 2, trimmed)
          index += 1
          continue
        }
      }
      if trimmed.count >= 3, trimmed.allSatisfy({ "-*_ ".contains($0) }) {
        flush()
        continue
      }
      var content = trimmed
      while content.hasPrefix(">") { content = content.dropFirst().trimmingSpaces() }
      if let bullet = content.wholeMatch(of: /(?:[-*+]|\d+[.)])\s+(.*)/) {
        flush()
        content = String(bullet.output.1)
      }
      paragraph.append(content)
    }
    flush()
    return builder.document(format: .markdown, title: title, author: nil, language: language)
  }

  /// The words of a line, without the marks around them.
  static func inline(_ text: String) -> String {
    var result = text
    result.replace(/!\[([^\]]*)\]\([^)]*\)/) { $0.output.1 }
    result.replace(/\[([^\]]+)\]\([^)]*\)/) { $0.output.1 }
    result.replace(/\[([^\]]+)\]\[[^\]]*\]/) { $0.output.1 }
    result.replace(/<[^>]+>/) { _ in "" }
    result.replace(/(\*\*|__)(.+?)\1/) { $0.output.2 }
    result.replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?![\w*])/) { $0.output.1 + $0.output.2 }
    result.replace(/`+([^`]+)`+/) { $0.output.1 }
    result.replace(/~~(.+?)~~/) { $0.output.1 }
    return HTMLBook.decodeEntities(result.replacing("\\", with: ""))
  }
}
