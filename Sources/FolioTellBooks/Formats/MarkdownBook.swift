import FolioTellCore
import FoundationEssentials
import Glibc

/// Markdown: `#`, `##` and `###` headings (and underlined ones) start chapters; emphasis, code marks and
/// link syntax are not read aloud (a link reads as its text, an image as its description); list bullets,
/// quote marks and HTML tags are dropped; code blocks are read as they are. Each list item and each quote
/// is a paragraph of its own. A task's box is said as "Done:" or "To do:" (in German "Erledigt:" or
/// "Offen:"; in other languages it is dropped). A table is read row by row, each row a sentence of its
/// cells ("Name, Price."), without its line of dashes.
public enum MarkdownBook {
  public static func read(_ bytes: [UInt8], language: String? = nil) -> BookDocument {
    let text = PlainTextBook.decode(bytes).replacing("\r\n", with: "\n")
    var builder = DocumentBuilder()
    var paragraph: [String] = []
    var title: String?
    var inFence = false
    var inQuote = false
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    func flush() {
      builder.paragraph(inline(paragraph.joined(separator: " ")))
      paragraph = []
    }
    func heading(_ level: Int, _ raw: String) {
      flush()
      let text = inline(raw.trimming { $0 == "#" || ($0.isWhitespace && !$0.isNewline) })
      // An empty heading ("##" alone, or "## ##") marks nothing to read and starts no chapter.
      guard !text.isEmpty else { return }
      if level <= 3 { builder.chapter(text, level: level) }
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
        inQuote = false
        continue
      }
      // A table: a row of cells, then a line of dashes under each; its rows go on to a blank line or a
      // line without a cell mark.
      if index < lines.count, trimmed.contains("|"), let columns = tableDelimiterColumns(lines[index]),
        columns == tableCells(trimmed).count
      {
        flush()
        builder.paragraph(tableRow(tableCells(trimmed)))
        index += 1
        while index < lines.count, lines[index].contains("|"), !lines[index].trimmingSpaces().isEmpty {
          builder.paragraph(tableRow(tableCells(lines[index].trimmingSpaces())))
          index += 1
        }
        continue
      }
      if trimmed.count <= 6, trimmed.allSatisfy({ $0 == "#" }) {
        heading(trimmed.count, "")
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
      // A quote is a paragraph of its own, apart from the list item or text before it (a line right after
      // it without ">" goes on with it, as Markdown has it).
      let quoted = content.hasPrefix(">")
      if quoted, !inQuote { flush() }
      if quoted { inQuote = true }
      while content.hasPrefix(">") { content = content.dropFirst().trimmingSpaces() }
      if let bullet = content.wholeMatch(of: /(?:[-*+]|\d+[.)])\s+(.*)/) {
        flush()
        content = String(bullet.output.1)
        if let task = content.wholeMatch(of: /\[([ xX])\]\s+(.*)/) {
          let box = taskBox(done: task.output.1 != " ", language: language)
          content = box.map { "\($0) \(task.output.2)" } ?? String(task.output.2)
        }
      }
      paragraph.append(content)
    }
    flush()
    return builder.document(format: .markdown, title: title, author: nil, language: language)
  }

  /// How a task's box is said: what a listener going through a list wants to know of each item.
  static func taskBox(done: Bool, language: String?) -> String? {
    switch language?.lowercased().prefix(2) {
    case nil, "en": return done ? "Done:" : "To do:"
    case "de": return done ? "Erledigt:" : "Offen:"
    default: return nil
    }
  }

  /// The cells of a table row: between the `|` marks (the outer ones optional; `\|` is a mark in a cell).
  static func tableCells(_ line: String) -> [String] {
    var cells: [String] = []
    var cell = ""
    var escaped = false
    for character in line {
      if escaped {
        cell.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        cells.append(cell)
        cell = ""
      } else {
        cell.append(character)
      }
    }
    cells.append(cell)
    if line.hasPrefix("|") { cells.removeFirst() }
    if line.hasSuffix("|"), !line.hasSuffix("\\|"), !cells.isEmpty { cells.removeLast() }
    return cells.map { $0.trimmingSpaces() }
  }

  /// The number of columns a table's line of dashes (`|---|:---:|`) has, or nil when the line is not one.
  static func tableDelimiterColumns(_ line: String) -> Int? {
    let trimmed = line.trimmingSpaces()
    guard trimmed.contains("-") else { return nil }
    let cells = tableCells(trimmed)
    guard trimmed.contains("|") || cells.count > 1,
      cells.allSatisfy({ $0.wholeMatch(of: /:?-+:?/) != nil })
    else { return nil }
    return cells.count
  }

  /// A row read as one sentence: its cells in order, as items ("Name, Price."); empty cells are skipped.
  static func tableRow(_ cells: [String]) -> String {
    let words = cells.map(inline).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    guard let last = words.last else { return "" }
    let ending = last.last.map { ".!?:;".contains($0) } ?? false ? "" : "."
    return words.joined(separator: ", ") + ending
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
