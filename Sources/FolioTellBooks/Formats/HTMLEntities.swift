import FolioTellCore
import FoundationEssentials

extension HTMLBook {
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
