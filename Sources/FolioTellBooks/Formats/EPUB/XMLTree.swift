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

  static func parse(_ bytes: [UInt8]) -> XMLNode? {
    let builder = Builder()
    let parser = XMLParser(data: Data(bytes))
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
