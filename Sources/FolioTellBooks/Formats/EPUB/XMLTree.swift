import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

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

  /// The tree of an XML file, or nil when it is not well-formed UTF-8 (or UTF-16) XML.
  static func parse(_ bytes: [UInt8]) -> XMLNode? {
    // Foundation's parser traps on some malformed UTF-8 in names (found by fuzz-epub): only text that is
    // valid Unicode, without NUL, reaches it.
    var utf8 = bytes
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let text = PlainTextBook.decode(bytes)
      // The declaration says UTF-16; what follows is now UTF-8.
      let body = text.hasPrefix("<?xml") ? String(text.drop { $0 != ">" }.dropFirst()) : text
      utf8 = Array(body.utf8)
    }
    guard String(validating: utf8, as: UTF8.self) != nil, !utf8.contains(0) else { return nil }
    let builder = Builder()
    let parser = XMLParser(data: Data(utf8))
    parser.delegate = builder
    guard parser.parse() else { return nil }
    return builder.root
  }

  private final class Builder: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var stack: [XMLNode] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      let local = String(elementName.split(separator: ":").last ?? Substring(elementName))
      let node = XMLNode(name: local, attributes: attributes)
      if let parent = stack.last { parent.children.append(node) } else { root = node }
      stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
      _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      stack.last?.text += string
    }
  }
}
