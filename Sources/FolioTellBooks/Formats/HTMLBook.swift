import Foundation

/// HTML and XHTML: the text of the body, without scripts, styles or navigation chrome; a block element
/// (p, div, li, h1-h6, blockquote, br...) ends a paragraph; h1-h3 start chapters; entities are decoded.
public enum HTMLBook {
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
    var inTitle = false
    var titleText = ""
    if let chapterTitle { builder.chapter(chapterTitle) }
    var usedChapterTitle = chapterTitle != nil

    func flush() {
      builder.paragraph(decodeEntities(paragraph))
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
        if inTitle { titleText += chunk }
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
      if name == "title" { inTitle = !closing }
      if skipped.contains(name) || (name == "header" && attribute("role", in: inside) == "banner") {
        if !closing && !selfClosing {
          skipping.append(name)
        } else if closing, let last = skipping.lastIndex(of: name) {
          skipping.removeSubrange(last...)
        }
        continue
      }
      if ["h1", "h2", "h3"].contains(name), skipping.isEmpty, closing, heading != nil {
        // The heading's own paragraph starts the chapter. The first heading of a document whose title came
        // from the table of contents is already that chapter's start.
        let title = decodeEntities(headingText).trimmingCharacters(in: .whitespacesAndNewlines)
        if !usedChapterTitle { builder.chapter(title) }
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
    let title = decodeEntities(titleText).trimmingCharacters(in: .whitespacesAndNewlines)
    parsed.title = title.isEmpty ? nil : title
    return parsed
  }

  static func attribute(_ name: String, in tag: String) -> String? {
    guard let range = tag.range(of: "\(name)=", options: .caseInsensitive) else { return nil }
    let rest = tag[range.upperBound...]
    guard let quote = rest.first, quote == "\"" || quote == "'" else {
      return String(rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" })
    }
    return String(rest.dropFirst().prefix { $0 != quote })
  }

  static let entities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "mdash": "\u{2014}",
    "ndash": "\u{2013}", "hellip": "\u{2026}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}",
    "rdquo": "\u{201D}", "laquo": "\u{00AB}", "raquo": "\u{00BB}", "copy": "\u{00A9}", "eacute": "é", "egrave": "è",
    "agrave": "à", "aacute": "á", "uuml": "ü", "ouml": "ö", "auml": "ä", "Uuml": "Ü", "Ouml": "Ö", "Auml": "Ä",
    "szlig": "ß", "ccedil": "ç", "ntilde": "ñ", "iacute": "í", "oacute": "ó", "uacute": "ú", "shy": "",
    "thinsp": "\u{2009}", "euro": "€", "pound": "£", "deg": "°", "times": "×",
  ]

  /// `&amp;`, `&#233;`, `&#x2014;` and the common named entities; unknown ones are left as they are.
  static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      let after = rest[rest.index(after: ampersand)...]
      guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
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
