import FoundationEssentials
import CSentenceBreaks

/// Text from before UTF-8 was everywhere: old Project Gutenberg files in Latin-1, Windows-1252 exports,
/// Russian books in Windows-1251 or KOI8-R. ICU's converters decode them (FoundationEssentials has no
/// legacy encodings); the encoding is the one the file declares, else the one ICU's detector finds.
public enum TextEncoding {
  /// How many bytes the detector looks at: enough to tell, without reading a whole book twice.
  static let detectionSample = 64 * 1024

  /// The bytes as UTF-8, and the encoding they were read in ("UTF-8" when they already were).
  public static func utf8(_ file: consuming [UInt8]) -> (bytes: [UInt8], encoding: String) {
    var bytes = consume file
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    if bytes.starts(with: [0xFF, 0xFE]) { return (convert(bytes.dropFirst(2), from: "UTF-16LE"), "UTF-16LE") }
    if bytes.starts(with: [0xFE, 0xFF]) { return (convert(bytes.dropFirst(2), from: "UTF-16BE"), "UTF-16BE") }
    if bytes.withUnsafeBufferPointer({ UTF8Check($0) }).isValid { return (bytes, "UTF-8") }
    let encoding = legacyEncoding(of: bytes)
    return (convert(bytes[...], from: encoding), encoding)
  }

  /// The encoding of bytes that are not UTF-8: the declared one when ICU knows it, else the detected one.
  static func legacyEncoding(of bytes: [UInt8]) -> String {
    if let declared = declaredEncoding(in: bytes), isKnown(declared), !isUnicode(declared) {
      return widened(declared)
    }
    let candidates = detected(Array(bytes.prefix(detectionSample)))
      .filter { !isUnicode($0.name) && isKnown($0.name) }
    guard let best = candidates.first else { return "windows-1252" }
    // Western European is by far the most common legacy encoding of books, and on a short text ICU often
    // takes it for a neighbour ("Café crème" for Windows-1250): another is chosen only when clearly better.
    let western = candidates.first { widened($0.name) == "windows-1252" }
    if let western, western.confidence + westernMargin >= best.confidence { return "windows-1252" }
    return widened(best.name)
  }

  static let westernMargin: Int32 = 20

  /// ICU's guesses, most likely first.
  static func detected(_ sample: [UInt8]) -> [(name: String, confidence: Int32)] {
    let count = 8
    let size = Int(FOLIO_ENCODING_NAME_SIZE)
    var names = [CChar](repeating: 0, count: count * size)
    var confidences = [Int32](repeating: 0, count: count)
    var error: Int32 = 0
    let found = sample.withUnsafeBytes { raw in
      folio_detect_encodings(
        raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), &names, &confidences, Int32(count),
        &error)
    }
    return (0..<max(0, Int(found))).map { index in
      let bytes = names[(index * size)..<((index + 1) * size)].prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      return (String(decoding: bytes, as: UTF8.self), confidences[index])
    }
  }

  /// The encoding a file names in its first lines: a Project Gutenberg header's "Character set encoding:",
  /// an HTML meta charset, or an XML declaration's encoding.
  static func declaredEncoding(in bytes: [UInt8]) -> String? {
    let head = String(decoding: bytes.prefix(4096).map { $0 < 0x80 ? $0 : 0x20 }, as: UTF8.self).lowercased()
    for marker in ["character set encoding:", "charset=", "encoding="] {
      guard let found = head.firstRange(of: marker) else { continue }
      let name = head[found.upperBound...].drop(while: isQuoteOrSpace).prefix(while: isNameCharacter)
      if !name.isEmpty { return String(name) }
    }
    return nil
  }

  private static func isQuoteOrSpace(_ character: Character) -> Bool { " \"'".contains(character) }

  private static func isNameCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || "-_:".contains(character)
  }

  /// Latin-1 and ASCII labels are read as Windows-1252, their superset: files so labelled use its
  /// quotes, dashes and euro sign in the bytes 0x80-0x9F, which Latin-1 leaves to control codes.
  static func widened(_ name: String) -> String {
    let latin1 = ["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "us-ascii", "ascii", "iso-latin-1"]
    return latin1.contains(name.lowercased()) ? "windows-1252" : name
  }

  static func isUnicode(_ name: String) -> Bool { name.lowercased().hasPrefix("utf") }

  static func isKnown(_ name: String) -> Bool { folio_encoding_is_known(name) != 0 }

  static func convert(_ bytes: ArraySlice<UInt8>, from encoding: String) -> [UInt8] {
    var capacity = bytes.count * 2 + 16
    while true {
      var output = [UInt8](repeating: 0, count: capacity)
      var error: Int32 = 0
      let needed = bytes.withUnsafeBytes { source in
        output.withUnsafeMutableBytes { target in
          folio_convert_to_utf8(
            encoding, source.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(source.count),
            target.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(capacity), &error)
        }
      }
      // ICU fails here only without memory; the bytes as UTF-8 with replacements are the best left.
      guard needed >= 0 else { return Array(String(decoding: bytes, as: UTF8.self).utf8) }
      if Int(needed) <= capacity { return Array(output[0..<Int(needed)]) }
      capacity = Int(needed)
    }
  }
}
