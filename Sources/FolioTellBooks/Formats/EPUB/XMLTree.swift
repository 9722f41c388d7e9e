import FoundationEssentials
import Glibc

/// A small XML tree, for an EPUB's container, package and navigation files. Names are local (no prefix).
final class XMLNode {
  let name: String
  let attributes: [String: String]
  var children: [XMLNode] = []
  var text = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// Every descendant (and itself) called `name`, in document order.
  func all(_ name: String) -> [XMLNode] {
    var found: [XMLNode] = self.name == name ? [self] : []
    for child in children { found += child.all(name) }
    return found
  }

  func first(_ name: String) -> XMLNode? { all(name).first }

  /// All the text inside, with white space folded.
  var allText: String {
    var parts = [text]
    for child in children { parts.append(child.allText) }
    return parts.joined(separator: " ").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// An attribute by local name, whatever its prefix (`epub:type`, `xml:lang`).
  func attribute(_ local: String) -> String? {
    attributes[local] ?? attributes.first { $0.key.split(separator: ":").last.map(String.init) == local }?.value
  }

  /// The tree of an XML file, or nil when it is not UTF-8 (or UTF-16) text with a root element.
  ///
  /// The box reads an EPUB's XML with this small tolerant reader rather than Foundation's XMLParser: fuzzing
  /// found two inputs that crash that parser (malformed UTF-8 in a name, an empty processing instruction),
  /// and a book must never take the box down. DTDs are skipped, so no entity is ever expanded.
  static func parse(_ bytes: [UInt8]) -> XMLNode? {
    var utf8 = bytes
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      utf8 = Array(PlainTextBook.decode(bytes).utf8)
    }
    guard let text = String(validating: utf8, as: UTF8.self) else { return nil }
    let scalars = Array(text.unicodeScalars)
    var root: XMLNode?
    var stack: [XMLNode] = []
    var index = 0
    func starts(_ prefix: String, at position: Int) -> Bool {
      let pattern = Array(prefix.unicodeScalars)
      return position + pattern.count <= scalars.count
        && scalars[position..<(position + pattern.count)].elementsEqual(pattern)
    }
    func skip(past terminator: String, from position: Int) -> Int {
      var cursor = position
      while cursor < scalars.count, !starts(terminator, at: cursor) { cursor += 1 }
      return min(cursor + terminator.unicodeScalars.count, scalars.count)
    }
    while index < scalars.count {
      guard scalars[index] == "<" else {
        var end = index
        while end < scalars.count, scalars[end] != "<" { end += 1 }
        stack.last?.text += HTMLBook.decodeEntities(String(String.UnicodeScalarView(scalars[index..<end])))
        index = end
        continue
      }
      if starts("<!--", at: index) {
        index = skip(past: "-->", from: index + 4)
      } else if starts("<![CDATA[", at: index) {
        let end = skip(past: "]]>", from: index + 9)
        stack.last?.text += String(String.UnicodeScalarView(scalars[(index + 9)..<max(index + 9, end - 3)]))
        index = end
      } else if starts("<?", at: index) {
        index = skip(past: "?>", from: index + 2)
      } else if starts("<!", at: index) {
        // A DOCTYPE, with or without an internal subset: skipped whole.
        var cursor = index + 2
        var depth = 0
        while cursor < scalars.count {
          if scalars[cursor] == "[" {
            depth += 1
          } else if scalars[cursor] == "]" {
            depth -= 1
          } else if scalars[cursor] == ">", depth <= 0 {
            break
          }
          cursor += 1
        }
        index = min(cursor + 1, scalars.count)
      } else {
        var end = index + 1
        var quote: Unicode.Scalar?
        while end < scalars.count {
          if let open = quote {
            if scalars[end] == open { quote = nil }
          } else if scalars[end] == "\"" || scalars[end] == "'" {
            quote = scalars[end]
          } else if scalars[end] == ">" {
            break
          }
          end += 1
        }
        let inside = Array(scalars[(index + 1)..<min(end, scalars.count)])
        index = min(end + 1, scalars.count)
        if inside.first == "/" {
          let name = localName(
            String(String.UnicodeScalarView(inside.dropFirst().prefix { !$0.properties.isWhitespace })))
          if let open = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(open...) }
          continue
        }
        let selfClosing = inside.last == "/"
        let (name, attributes) = tag(Array(selfClosing ? inside.dropLast() : inside[...]))
        guard !name.isEmpty else { continue }
        let node = XMLNode(name: localName(name), attributes: attributes)
        if let parent = stack.last {
          parent.children.append(node)
        } else if root == nil {
          root = node
        } else {
          continue
        }
        if !selfClosing { stack.append(node) }
      }
    }
    return root
  }

  private static func localName(_ name: String) -> String { String(name.split(separator: ":").last ?? Substring(name)) }

  /// The name and attributes of a start tag's inside (`item id="c1" href='a.xhtml'`).
  static func tag(_ inside: [Unicode.Scalar]) -> (String, [String: String]) {
    var index = 0
    func word() -> String {
      let start = index
      while index < inside.count, !inside[index].properties.isWhitespace, inside[index] != "=" { index += 1 }
      return String(String.UnicodeScalarView(inside[start..<index]))
    }
    func spaces() { while index < inside.count, inside[index].properties.isWhitespace { index += 1 } }
    let name = word()
    var attributes: [String: String] = [:]
    while index < inside.count {
      spaces()
      let key = word()
      spaces()
      guard !key.isEmpty else {
        index += 1
        continue
      }
      guard index < inside.count, inside[index] == "=" else { continue }
      index += 1
      spaces()
      var value = ""
      if index < inside.count, inside[index] == "\"" || inside[index] == "'" {
        let quote = inside[index]
        let start = index + 1
        index = start
        while index < inside.count, inside[index] != quote { index += 1 }
        value = String(String.UnicodeScalarView(inside[start..<index]))
        index += 1
      } else {
        value = word()
      }
      attributes[key] = HTMLBook.decodeEntities(value)
    }
    return (name, attributes)
  }
}
