import FolioTellCore
import FoundationEssentials
import Glibc

/// HTML and XHTML: the text of the body, without scripts, styles or navigation chrome; a block element
/// (p, div, li, h1-h6, blockquote, br...) ends a paragraph; h1-h3 start chapters; entities are decoded.
public enum HTMLBook {
  static let rawText: Set<String> = ["script", "style", "textarea", "title"]
  static let skipped: Set<String> = [
    "script", "style", "nav", "head", "template", "noscript", "svg", "math", "aside", "button", "form", "select",
  ]
  static let blocks: Set<String> = [
    "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "br", "hr", "section", "article",
    "tr", "td", "th", "table", "dt", "dd", "dl", "pre", "figure", "figcaption", "header", "footer", "main", "body",
    "title",
  ]

  public struct Parsed {
    public var title: String?
    public var language: String?
  }

  public static func read(_ bytes: [UInt8], language override: String? = nil) -> BookDocument {
    var builder = DocumentBuilder()
    let parsed = add(PlainTextBook.decode(bytes), to: &builder)
    let language = override ?? parsed.language
    return builder.document(format: .html, title: parsed.title, author: nil, language: language)
  }

  /// Adds the body text of one HTML document to `builder`. Returns its <title> and lang.
  @discardableResult
  static func add(_ html: String, to builder: inout DocumentBuilder, chapterTitle: String? = nil) -> Parsed {
    var parsed = Parsed()
    var paragraph = ""
    var skipping: [String] = []
    var heading: String?
    var headingText = ""
    var titleText = ""
    if let chapterTitle { builder.chapter(chapterTitle) }
    var usedChapterTitle = chapterTitle != nil

    var paragraphsAdded = 0
    func flush() {
      let text = decodeEntities(paragraph)
      if text.contains(where: { !$0.isWhitespace }) { paragraphsAdded += 1 }
      builder.paragraph(text)
      paragraph = ""
    }

    let scalars = Array(html.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "<" else {
        var end = index
        while end < scalars.count, scalars[end] != "<" { end += 1 }
        let chunk = String(String.UnicodeScalarView(scalars[index..<end]))
        if skipping.isEmpty {
          paragraph += chunk
          if heading != nil { headingText += chunk }
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
      let name = inside.drop { $0 == "/" }.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }.lowercased()
      let selfClosing = inside.hasSuffix("/")
      guard !name.isEmpty, !name.hasPrefix("!"), !name.hasPrefix("?") else { continue }
      if name == "html", !closing, parsed.language == nil {
        parsed.language = attribute("lang", in: inside) ?? attribute("xml:lang", in: inside)
      }
      if name == "title", !closing, !selfClosing {
        let close = Self.position(of: "</title", in: scalars, from: index) ?? scalars.count
        titleText += String(String.UnicodeScalarView(scalars[index..<close]))
        index = close
        continue
      }
      if rawText.contains(name), !closing, !selfClosing {
        // Script and style hold text, not markup ("if (i<n)"): jump straight to their closing tag.
        index = Self.position(of: "</\(name)", in: scalars, from: index) ?? scalars.count
        continue
      }
      if skipped.contains(name) || (name == "header" && attribute("role", in: inside) == "banner") {
        if !closing && !selfClosing {
          skipping.append(name)
        } else if closing, let last = skipping.lastIndex(of: name) {
          skipping.removeSubrange(last...)
        }
        continue
      }
      if name == "br", heading != nil {
        // A line break inside a heading ("CHAPTER I.<br/>Down the Rabbit-Hole") is a space, not a paragraph.
        paragraph += " "
        headingText += " "
        continue
      }
      if ["h1", "h2", "h3"].contains(name), skipping.isEmpty, closing, heading != nil {
        // The heading's own paragraph starts the chapter. A heading at the very start of a document whose
        // title came from the table of contents is already that chapter's start.
        let title = decodeEntities(headingText).trimmingWhitespace()
        if !(usedChapterTitle && paragraphsAdded == 0) { builder.chapter(title) }
        usedChapterTitle = false
        heading = nil
      }
      if blocks.contains(name) || ["h1", "h2", "h3"].contains(name) {
        if skipping.isEmpty { flush() }
      }
      if ["h1", "h2", "h3"].contains(name), skipping.isEmpty, !closing {
        heading = name
        headingText = ""
      }
    }
    flush()
    let title = decodeEntities(titleText).trimmingWhitespace()
    parsed.title = title.isEmpty ? nil : title
    return parsed
  }

  /// Where `needle` (ASCII, matched without case) starts at or after `start`.
  static func position(of needle: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
    let pattern = Array(needle.lowercased().unicodeScalars)
    guard !pattern.isEmpty, scalars.count >= pattern.count else { return nil }
    var index = start
    while index + pattern.count <= scalars.count {
      var matched = true
      for offset in 0..<pattern.count {
        let scalar = scalars[index + offset]
        let lowered = (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32)! : scalar
        if lowered != pattern[offset] {
          matched = false
          break
        }
      }
      if matched { return index }
      index += 1
    }
    return nil
  }

  static func attribute(_ name: String, in tag: String) -> String? {
    let bytes = Array(tag.utf8)
    let pattern = Array("\(name)=".lowercased().utf8)
    func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
    guard pattern.count <= bytes.count,
      let start = (0...bytes.count - pattern.count).first(where: { at in
        pattern.indices.allSatisfy { lowered(bytes[at + $0]) == pattern[$0] }
      })
    else { return nil }
    let rest = Substring(String(decoding: bytes[(start + pattern.count)...], as: UTF8.self))
    guard let quote = rest.first, quote == "\"" || quote == "'" else {
      return String(rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" })
    }
    return String(rest.dropFirst().prefix { $0 != quote })
  }

  /// The HTML 4 entities a book is likely to use: all of Latin-1 and the typographic ones.
  static let entities: [String: String] = {
    var table: [String: String] = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "OElig": "\u{152}", "oelig": "\u{153}",
      "Scaron": "\u{160}", "scaron": "\u{161}", "Yuml": "\u{178}", "fnof": "\u{192}", "circ": "\u{2C6}",
      "tilde": "\u{2DC}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}",
      "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}", "ndash": "\u{2013}", "mdash": "\u{2014}",
      "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
      "bdquo": "\u{201E}", "dagger": "\u{2020}", "Dagger": "\u{2021}", "bull": "\u{2022}", "hellip": "\u{2026}",
      "permil": "\u{2030}", "prime": "\u{2032}", "Prime": "\u{2033}", "lsaquo": "\u{2039}", "rsaquo": "\u{203A}",
      "oline": "\u{203E}", "euro": "\u{20AC}", "trade": "\u{2122}", "larr": "\u{2190}", "rarr": "\u{2192}",
      "minus": "\u{2212}",
    ]
    let latin1 =
      "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml"
    for (offset, name) in latin1.split(separator: " ").enumerated() {
      table[String(name)] = String(Unicode.Scalar(UInt8(160 + offset)))
    }
    table["shy"] = ""
    return table
  }()

  /// `&amp;`, `&#233;`, `&#x2014;` and the common named entities; unknown ones are left as they are.
  static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      let after = rest[rest.index(after: ampersand)...]
      guard let semicolon = after.prefix(32).firstIndex(of: ";") else {
        result += "&"
        rest = after
        continue
      }
      let name = String(after[..<semicolon])
      var decoded: String?
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
      } else if name.hasPrefix("#") {
        decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
      } else {
        decoded = entities[name]
      }
      if let decoded {
        result += decoded
        rest = after[after.index(after: semicolon)...]
      } else {
        result += "&"
        rest = after
      }
    }
    return result + rest
  }
}
