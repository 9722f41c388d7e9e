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
    var found: [XMLNode] = []
    collect(name, into: &found)
    return found
  }

  private func collect(_ name: String, into found: inout [XMLNode]) {
    if self.name == name { found.append(self) }
    for child in children { child.collect(name, into: &found) }
  }

  /// The first of `all(name)`, found without listing the others (a package of thousands of items).
  func first(_ name: String) -> XMLNode? {
    if self.name == name { return self }
    for child in children {
      if let found = child.first(name) { return found }
    }
    return nil
  }

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

  /// The length in bytes of the white space (XML's, or Unicode's: a no-break space, an ideographic
  /// space) that starts at `index` of UTF-8 `bytes`; 0 when none does.
  static func spaceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : 0 }
    func next(_ offset: Int) -> UInt8 { index + offset < bytes.endIndex ? bytes[index + offset] : 0 }
    switch byte {
    case 0xC2: return next(1) == 0x85 || next(1) == 0xA0 ? 2 : 0
    case 0xE1: return next(1) == 0x9A && next(2) == 0x80 ? 3 : 0
    case 0xE2:
      if next(1) == 0x80 { return (0x80...0x8A).contains(next(2)) || [0xA8, 0xA9, 0xAF].contains(next(2)) ? 3 : 0 }
      return next(1) == 0x81 && next(2) == 0x9F ? 3 : 0
    case 0xE3: return next(1) == 0x80 && next(2) == 0x80 ? 3 : 0
    default: return 0
    }
  }

  private static let commentStart = Array("<!--".utf8)
  private static let commentEnd = Array("-->".utf8)
  private static let cdataStart = Array("<![CDATA[".utf8)
  private static let cdataEnd = Array("]]>".utf8)
  private static let instructionStart = Array("<?".utf8)
  private static let instructionEnd = Array("?>".utf8)
  private static let declarationStart = Array("<!".utf8)

  /// The tree of an XML file, or nil when it is not UTF-8 (or UTF-16) text with a root element.
  ///
  /// The box reads an EPUB's XML with this small tolerant reader rather than Foundation's XMLParser: fuzzing
  /// found two inputs that crash that parser (malformed UTF-8 in a name, an empty processing instruction),
  /// and a book must never take the box down. DTDs are skipped, so no entity is ever expanded. It reads the
  /// UTF-8 bytes themselves (every mark of XML's syntax is ASCII, which no other character's bytes are):
  /// a package of thousands of items is read in a few milliseconds, before a book's first word.
  static func parse(_ bytes: [UInt8]) -> XMLNode? {
    var utf8 = bytes
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      utf8 = Array(PlainTextBook.decode(bytes).utf8)
    }
    guard String(validating: utf8, as: UTF8.self) != nil else { return nil }
    // A byte order mark is not text.
    let text = utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? utf8[3...] : utf8[...]
    let end = text.endIndex
    var root: XMLNode?
    var stack: [XMLNode] = []
    var index = text.startIndex
    func starts(_ pattern: [UInt8], at position: Int) -> Bool {
      position + pattern.count <= end && text[position..<(position + pattern.count)].elementsEqual(pattern)
    }
    func skip(past terminator: [UInt8], from position: Int) -> Int {
      var cursor = position
      while cursor < end, !starts(terminator, at: cursor) { cursor += 1 }
      return min(cursor + terminator.count, end)
    }
    func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
    while index < end {
      guard text[index] == UInt8(ascii: "<") else {
        var stop = index
        while stop < end, text[stop] != UInt8(ascii: "<") { stop += 1 }
        stack.last?.text += HTMLBook.decodeEntities(string(index..<stop))
        index = stop
        continue
      }
      if starts(commentStart, at: index) {
        index = skip(past: commentEnd, from: index + 4)
      } else if starts(cdataStart, at: index) {
        let stop = skip(past: cdataEnd, from: index + 9)
        // Unterminated, it runs to the end of the file: nothing is cut from it.
        let closed = stop >= index + 12 && text[(stop - 3)..<stop].elementsEqual(cdataEnd)
        stack.last?.text += string((index + 9)..<(closed ? stop - 3 : max(index + 9, stop)))
        index = stop
      } else if starts(instructionStart, at: index) {
        index = skip(past: instructionEnd, from: index + 2)
      } else if starts(declarationStart, at: index) {
        // A DOCTYPE, with or without an internal subset: skipped whole.
        var cursor = index + 2
        var depth = 0
        while cursor < end {
          if text[cursor] == UInt8(ascii: "[") {
            depth += 1
          } else if text[cursor] == UInt8(ascii: "]") {
            depth -= 1
          } else if text[cursor] == UInt8(ascii: ">"), depth <= 0 {
            break
          }
          cursor += 1
        }
        index = min(cursor + 1, end)
      } else {
        var stop = index + 1
        var quote: UInt8?
        while stop < end {
          if let open = quote {
            if text[stop] == open { quote = nil }
          } else if text[stop] == UInt8(ascii: "\"") || text[stop] == UInt8(ascii: "'") {
            quote = text[stop]
          } else if text[stop] == UInt8(ascii: ">") {
            break
          }
          stop += 1
        }
        let inside = text[(index + 1)..<min(stop, end)]
        index = min(stop + 1, end)
        if inside.first == UInt8(ascii: "/") {
          var nameEnd = inside.startIndex + 1
          while nameEnd < inside.endIndex, spaceLength(inside, at: nameEnd) == 0 { nameEnd += 1 }
          let name = localName(string((inside.startIndex + 1)..<nameEnd))
          if let open = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(open...) }
          continue
        }
        let selfClosing = inside.last == UInt8(ascii: "/")
        let (name, attributes) = tag(selfClosing ? inside.dropLast() : inside)
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
    tag(Array(String(String.UnicodeScalarView(inside)).utf8)[...])
  }

  /// The same, from the tag's UTF-8 bytes.
  static func tag(_ inside: ArraySlice<UInt8>) -> (String, [String: String]) {
    var index = inside.startIndex
    let end = inside.endIndex
    func string(_ range: Range<Int>) -> String { String(decoding: inside[range], as: UTF8.self) }
    func word() -> String {
      let start = index
      while index < end, spaceLength(inside, at: index) == 0, inside[index] != UInt8(ascii: "=") { index += 1 }
      return string(start..<index)
    }
    func spaces() {
      while index < end {
        let length = spaceLength(inside, at: index)
        guard length > 0 else { return }
        index += length
      }
    }
    let name = word()
    var attributes: [String: String] = [:]
    while index < end {
      spaces()
      let key = word()
      spaces()
      guard !key.isEmpty else {
        index += 1
        continue
      }
      guard index < end, inside[index] == UInt8(ascii: "=") else { continue }
      index += 1
      spaces()
      var value = ""
      if index < end, inside[index] == UInt8(ascii: "\"") || inside[index] == UInt8(ascii: "'") {
        let quote = inside[index]
        let start = index + 1
        index = start
        while index < end, inside[index] != quote { index += 1 }
        value = string(start..<index)
        index += 1
      } else {
        value = word()
      }
      attributes[key] = HTMLBook.decodeEntities(value)
    }
    return (name, attributes)
  }
}
