import FolioTellCore
import FoundationEssentials
import Glibc

/// What a Project Gutenberg file says about itself, and where its reading text lies between the start and
/// end markers (the header and the licence are not read aloud).
struct GutenbergHeader {
  var title: String?
  var author: String?
  var language: String?
  /// The bytes between the markers: the whole file when it has no start marker.
  var body: Range<Int>

  static let languages = [
    "english": "en", "german": "de", "french": "fr", "spanish": "es", "russian": "ru", "italian": "it",
    "portuguese": "pt", "dutch": "nl", "finnish": "fi", "swedish": "sv", "latin": "la", "polish": "pl",
  ]

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    body = 0..<bytes.count
    let lines = TextLines(bytes, in: 0..<bytes.count)
    // Only lines that start with "***" or "End of" can be markers: the rest are never made into strings.
    var start: (line: Range<Int>, next: Int)?
    var end: Range<Int>?
    var closings: [Range<Int>] = []
    for (line, next) in lines where !line.isEmpty {
      let first = bytes[line.lowerBound]
      guard first == UInt8(ascii: "*") || first == UInt8(ascii: "E") || first == UInt8(ascii: "e") else { continue }
      let text = lines.string(line)
      if first == UInt8(ascii: "*") {
        if start == nil, Self.isMarker(text, "START OF") { start = (line, next) }
        if Self.isMarker(text, "END OF") { end = line }
      } else {
        // Older files say "End of the Project Gutenberg EBook of ..." just before the end marker, or instead of it.
        let upper = text.uppercased()
        if upper.hasPrefix("END OF THE PROJECT GUTENBERG") || upper.hasPrefix("END OF PROJECT GUTENBERG") {
          closings.append(line)
        }
      }
    }
    guard let start else { return }
    let closing = closings.last {
      $0.lowerBound > start.line.lowerBound && $0.lowerBound < (end?.lowerBound ?? bytes.count)
    }
    let stop = max((closing ?? end)?.lowerBound ?? bytes.count, start.next)
    body = start.next..<stop
    for (line, _) in TextLines(bytes, in: 0..<start.line.lowerBound) where !line.isEmpty {
      let text = lines.string(line)
      if text.hasPrefix("Title:") { title = text.dropFirst(6).trimmingSpaces() }
      if text.hasPrefix("Author:") { author = text.dropFirst(7).trimmingSpaces() }
      if text.hasPrefix("Language:") {
        let name = text.dropFirst(9).trimmingSpaces().lowercased()
        language = Self.languages[name] ?? (name.count == 2 ? name : nil)
      }
    }
  }

  /// Where the reading text of a later part of a long file ends: at the end marker, or the older closing line
  /// before it; nil when the part has neither.
  static func endOfBody(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    for (line, _) in TextLines(bytes, in: 0..<bytes.count) where !line.isEmpty {
      let first = bytes[line.lowerBound]
      guard first == UInt8(ascii: "*") || first == UInt8(ascii: "E") || first == UInt8(ascii: "e") else { continue }
      let upper = TextLines(bytes, in: line).string(line).uppercased()
      if isMarker(upper, "END OF") || upper.hasPrefix("END OF THE PROJECT GUTENBERG")
        || upper.hasPrefix("END OF PROJECT GUTENBERG")
      {
        return line.lowerBound
      }
    }
    return nil
  }

  static func isMarker(_ line: String, _ word: String) -> Bool {
    guard line.hasPrefix("***") else { return false }
    let upper = line.uppercased()
    return upper.contains(word) && upper.contains("PROJECT GUTENBERG")
  }
}
