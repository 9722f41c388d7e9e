import FolioTellCore
import FoundationEssentials
import Glibc

/// HTML and XHTML: the text of the body, without scripts, styles or navigation chrome; a block element
/// (p, div, li, h1-h6, blockquote, br...) ends a paragraph; h1-h3 start chapters; entities are decoded.
///
/// As publishers make books: the text of SVG (`<text>`, `<tspan>`) is read, nothing else of a picture; a
/// MathML formula is read as its `alttext` (or `aria-label`, or "formula"); the print edition's page
/// breaks are remembered as pages, never read; footnotes and endnotes are left out unless `readNotes`,
/// and where the text refers to one is remembered (its number is never read).
public enum HTMLBook {
  static let rawText: Set<String> = ["script", "style", "textarea", "title"]
  static let skipped: Set<String> = [
    "script", "style", "nav", "head", "template", "noscript", "aside", "button", "form", "select",
    // EPUB 3's `epub:switch`: the `epub:case` (MathML, usually) is read; its fallback would say it twice.
    "default",
  ]
  static let blocks: Set<String> = [
    "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "br", "hr", "section", "article",
    "tr", "td", "th", "table", "dt", "dd", "dl", "pre", "figure", "figcaption", "header", "footer", "main", "body",
    "title", "svg", "aside",
  ]
  /// Elements that never have an end tag in HTML.
  static let void: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "image", "input", "link", "meta", "param", "source", "track",
    "wbr",
  ]
  static let headings: Set<String> = ["h1", "h2", "h3"]

  public struct Parsed {
    public var title: String?
    public var language: String?
    /// How many pictures (`img`, SVG `image`) the document shows.
    public var pictures = 0
  }

  /// What a book's navigation says about places in one document: chapter titles and page labels by the id
  /// of the element where they start ("" for the document's start).
  struct Anchors {
    var chapters: [String: String] = [:]
    var pages: [String: String] = [:]
    /// The level of a chapter named here, where the contents nest (1 when they do not say).
    var levels: [String: Int] = [:]
  }

  public static func read(_ bytes: [UInt8], language override: String? = nil, readNotes: Bool = false)
    -> BookDocument
  {
    var builder = DocumentBuilder()
    let parsed = add(PlainTextBook.decode(bytes), to: &builder, language: override, readNotes: readNotes)
    let language = override ?? parsed.language
    return builder.document(format: .html, title: parsed.title, author: nil, language: language)
  }

  /// Adds the body text of one HTML, XHTML or SVG document to `builder`. Returns its <title> and lang.
  @discardableResult
  static func add(
    _ html: String, to builder: inout DocumentBuilder, anchors: Anchors = Anchors(), language: String? = nil,
    readNotes: Bool = false
  ) -> Parsed {
    var parsed = Parsed()
    // The paragraph being read: its pieces so far, with a mark (a page, a note) after each, and the last piece.
    var pieces: [String] = []
    var marks: [DocumentBuilder.Mark] = []
    var paragraph = ""
    // Elements whose text is not read, innermost last; the outermost says why.
    var skipping: [String] = []
    var skippedPageBreak = false
    var pageBreakText = ""
    var pageBreakID = ""
    var heading: String?
    var headingText = ""
    var titleText = ""
    // Inside SVG only the text of `<text>` elements is read.
    var svgDepth = 0
    var svgTextDepth = 0
    builder.beginDocument()
    if let title = anchors.chapters[""] {
      builder.chapter(title, from: .contents, level: anchors.levels[""] ?? 1, replacing: true)
    }

    func mark(_ mark: DocumentBuilder.Mark) {
      pieces.append(paragraph)
      marks.append(mark)
      paragraph = ""
    }
    // Elements that declare a language (`lang`, `xml:lang`), innermost last: a paragraph is in the
    // innermost one's. An element's end is taken off after the paragraph it ends is made.
    var languages: [(name: String, language: String)] = []
    var languageEnded = false
    func flush() {
      builder.elementLanguage = languages.last?.language
      pieces.append(paragraph)
      builder.paragraph(pieces.map(decodeEntities), marks: marks)
      pieces = []
      marks = []
      paragraph = ""
    }
    // A formula's words are kept apart from a word written right after it, not from punctuation.
    var spaceAfterFormula = false
    func read(_ text: String) {
      var text = text
      if spaceAfterFormula, let first = text.unicodeScalars.first {
        spaceAfterFormula = false
        if first.properties.isAlphabetic || first.properties.numericType != nil { text = " " + text }
      }
      paragraph += text
      if heading != nil { headingText += text }
    }
    if let label = anchors.pages[""] { mark(.page(label)) }

    let scalars = Array(html.unicodeScalars)
    var index = 0
    while index < scalars.count {
      if languageEnded {
        languages.removeLast()
        languageEnded = false
      }
      let scalar = scalars[index]
      guard scalar == "<" else {
        var end = index
        while end < scalars.count, scalars[end] != "<" { end += 1 }
        let chunk = String(String.UnicodeScalarView(scalars[index..<end]))
        if skipping.isEmpty {
          if svgDepth == 0 || svgTextDepth > 0 { read(chunk) }
        } else if skippedPageBreak {
          pageBreakText += chunk
        }
        index = end
        continue
      }
      // A comment, a declaration, or a tag.
      if scalars[index...].starts(with: "<!--".unicodeScalars) {
        var end = index + 4
        while end + 2 < scalars.count, !(scalars[end] == "-" && scalars[end + 1] == "-" && scalars[end + 2] == ">") {
          end += 1
        }
        index = min(end + 3, scalars.count)
        continue
      }
      var end = index + 1
      var quote: Unicode.Scalar?
      while end < scalars.count {
        let current = scalars[end]
        if let open = quote {
          if current == open { quote = nil }
        } else if current == "\"" || current == "'" {
          quote = current
        } else if current == ">" {
          break
        }
        end += 1
      }
      let inside = String(String.UnicodeScalarView(scalars[(index + 1)..<min(end, scalars.count)]))
      index = min(end + 1, scalars.count)
      let closing = inside.hasPrefix("/")
      let qualified = inside.drop { $0 == "/" }.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }.lowercased()
      guard !qualified.isEmpty, !qualified.hasPrefix("!"), !qualified.hasPrefix("?") else { continue }
      // `svg:text`, `m:math`, `epub:switch`: the local name.
      let name = String(qualified.split(separator: ":").last ?? "")
      guard !name.isEmpty else { continue }
      let selfClosing = inside.hasSuffix("/") || void.contains(name)
      if name == "html", !closing, parsed.language == nil {
        parsed.language = attribute("lang", in: inside) ?? attribute("xml:lang", in: inside)
      }
      if name != "html", !selfClosing {
        if closing {
          if languages.last?.name == name { languageEnded = true }
        } else if let declared = attribute("lang", in: inside) ?? attribute("xml:lang", in: inside), !declared.isEmpty {
          languages.append((name, declared))
        }
      }
      if name == "title", !closing, !selfClosing {
        let close = Self.position(of: "</\(qualified)", in: scalars, from: index) ?? scalars.count
        // An SVG's title names the picture, not the book.
        if svgDepth == 0, !skipping.contains("svg") {
          titleText += String(String.UnicodeScalarView(scalars[index..<close]))
        }
        index = close
        continue
      }
      if rawText.contains(name), !closing, !selfClosing {
        // Script and style hold text, not markup ("if (i<n)"): jump straight to their closing tag.
        index = Self.position(of: "</\(qualified)", in: scalars, from: index) ?? scalars.count
        continue
      }
      if !closing, name == "img" || name == "image" { parsed.pictures += 1 }

      // Inside an element that is not read, only its nesting is followed (and a page break's number kept).
      if !skipping.isEmpty {
        if closing, let last = skipping.lastIndex(of: name) {
          skipping.removeSubrange(last...)
          if skipping.isEmpty, skippedPageBreak {
            let text = decodeEntities(pageBreakText).trimmingWhitespace()
            if let label = text.isEmpty ? HTMLSemantics.pageLabel(id: pageBreakID) : text { mark(.page(label)) }
            skippedPageBreak = false
          }
        } else if !closing, !selfClosing {
          skipping.append(name)
        }
        continue
      }

      if closing {
        if svgDepth > 0 {
          if name == "text", svgTextDepth > 0 {
            // Each SVG text element is a line or a block of its own, placed on the picture.
            svgTextDepth -= 1
            read(" ")
          }
          guard name == "svg" else { continue }
          svgDepth -= 1
          if svgDepth == 0 { svgTextDepth = 0 }
        }
        if headings.contains(name), heading != nil {
          // The heading's own paragraph starts the chapter (unless the contents already named it).
          builder.chapter(decodeEntities(headingText).trimmingWhitespace(), level: Int(String(name.suffix(1))) ?? 1)
          heading = nil
        }
        if blocks.contains(name) || headings.contains(name) { flush() }
        continue
      }

      let attributes = HTMLSemantics.attributes(inside)
      let kind = HTMLSemantics.dtbook[name] ?? HTMLSemantics(attributes)
      var skip = false
      switch kind {
      case .pageBreak:
        let label = HTMLSemantics.pageLabel(attributes) ?? attributes["id"].flatMap { anchors.pages[$0] }
        if let label { mark(.page(label)) }
        skip = true
        skippedPageBreak = label == nil
        pageBreakText = ""
        pageBreakID = attributes["id"] ?? ""
      case .noteReference:
        // Its number, in the middle of a sentence, is never read; where it was is kept.
        mark(.note)
        skip = true
      case .note:
        skip = !readNotes
      case .backLink:
        skip = true
      case .text:
        skip = skipped.contains(name) || (name == "header" && attributes["role"] == "banner")
      }
      if skip {
        if !selfClosing {
          skipping.append(name)
        } else if skippedPageBreak {
          if let label = HTMLSemantics.pageLabel(id: pageBreakID) { mark(.page(label)) }
          skippedPageBreak = false
        }
        continue
      }
      if svgDepth > 0 {
        if name == "svg", !selfClosing { svgDepth += 1 }
        if name == "text", !selfClosing { svgTextDepth += 1 }
        if name == "tspan" || name == "textpath", ["x", "y", "dy"].contains(where: { attributes[$0] != nil }) {
          // A tspan placed on a line of its own.
          read(" ")
        }
        continue
      }
      if name == "math" {
        let speech = HTMLSemantics.mathSpeech(attributes, language: language ?? parsed.language)
        let before = paragraph.unicodeScalars.last.map {
          $0.properties.isAlphabetic || $0.properties.numericType != nil
        }
        read((before == true ? " " : "") + speech)
        spaceAfterFormula = true
        if !selfClosing { skipping.append(name) }
        continue
      }
      if name == "br", heading != nil {
        // A line break inside a heading ("CHAPTER I.<br/>Down the Rabbit-Hole") is a space, not a paragraph.
        read(" ")
        continue
      }
      if blocks.contains(name) || headings.contains(name) { flush() }
      if name == "svg", !selfClosing { svgDepth = 1 }
      if let id = attributes["id"] {
        if let title = anchors.chapters[id] { builder.chapter(title, from: .contents, level: anchors.levels[id] ?? 1) }
        if let label = anchors.pages[id] { mark(.page(label)) }
      }
      if headings.contains(name) {
        heading = name
        headingText = ""
      }
    }
    flush()
    let title = decodeEntities(titleText).trimmingWhitespace()
    parsed.title = title.isEmpty ? nil : title
    return parsed
  }
}
