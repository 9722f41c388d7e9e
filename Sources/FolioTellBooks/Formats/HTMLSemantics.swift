import FolioTellCore
import FoundationEssentials

/// What publishers say an element is, with EPUB 3 structural semantics (`epub:type`) and the DPUB-ARIA
/// roles (`role="doc-..."`): https://www.w3.org/TR/epub-ssv-11/ and https://www.w3.org/TR/dpub-aria-1.1/
enum HTMLSemantics: Equatable {
  /// An element of no special kind.
  case text
  /// A page break of the print edition (`pagebreak`, `doc-pagebreak`): its number is not read.
  case pageBreak
  /// A note's mark in the text (`noteref`, `doc-noteref`), usually a superscript number.
  case noteReference
  /// A footnote, an endnote or a section of them: read only when notes are read.
  case note
  /// The link from a note back to its reference ("↩", "Return"): never read.
  case backLink

  /// DTBook (a DAISY 3 book's content) has elements of its own for what EPUB marks with `epub:type`: the
  /// print pages, notes and the references to them, and producer's notes (DAISY's skippable items, which
  /// follow the same settings as EPUB's notes and page numbers).
  static let dtbook: [String: HTMLSemantics] = [
    "pagenum": .pageBreak, "note": .note, "annotation": .note, "prodnote": .note, "noteref": .noteReference,
    "annoref": .noteReference,
  ]

  static let noteTypes: Set<Substring> = [
    "footnote", "footnotes", "endnote", "endnotes", "rearnote", "rearnotes", "note",
  ]
  static let noteRoles: Set<Substring> = ["doc-footnote", "doc-endnote", "doc-endnotes"]

  /// The kind of an element from its attributes (names lowercased).
  init(_ attributes: [String: String]) {
    guard !attributes.isEmpty else {
      self = .text
      return
    }
    let types = (attributes["epub:type"] ?? "").split(whereSeparator: { $0.isWhitespace })
    let roles = (attributes["role"] ?? "").split(whereSeparator: { $0.isWhitespace })
    let classes = (attributes["class"] ?? "").lowercased().split(whereSeparator: { $0.isWhitespace })
    if types.contains("pagebreak") || roles.contains("doc-pagebreak")
      || classes.contains(where: { ["page-normal", "page-front", "page-special"].contains($0) })
    {
      self = .pageBreak
    } else if types.contains("noteref") || roles.contains("doc-noteref") {
      self = .noteReference
    } else if types.contains(where: Self.noteTypes.contains) || roles.contains(where: Self.noteRoles.contains) {
      self = .note
    } else if roles.contains("doc-backlink") {
      self = .backLink
    } else {
      self = .text
    }
  }

  /// A page break's label: its title, its aria-label, or (nil here) its text.
  static func pageLabel(_ attributes: [String: String]) -> String? {
    for key in ["title", "aria-label"] {
      if let label = attributes[key]?.trimmingWhitespace(), !label.isEmpty { return label }
    }
    return nil
  }

  /// A page break's label from its id, when nothing else names it: "page_12", "pg12", "p-iv".
  static func pageLabel(id: String) -> String? {
    let lowered = id.lowercased()
    let rest =
      lowered.lastIndex(where: { $0 == "_" || $0 == "-" }).map { lowered[lowered.index(after: $0)...] }
      ?? lowered.drop(while: { $0.isLetter && !"ivxlcdm".contains($0) })
    let roman = rest.allSatisfy { "ivxlcdm".contains($0) } && lowered.count > rest.count
    guard !rest.isEmpty, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber) || roman else { return nil }
    return String(rest)
  }

  /// What is said for a MathML formula: the publisher's `alttext`, or its `aria-label`, or "formula" in the
  /// book's language. (A TeX annotation is no better read aloud than the MathML itself.)
  static func mathSpeech(_ attributes: [String: String], language: String?) -> String {
    for key in ["alttext", "aria-label"] {
      if let speech = attributes[key]?.trimmingWhitespace(), !speech.isEmpty { return speech }
    }
    let code = language.map { String($0.lowercased().prefix { $0.isLetter }) } ?? "en"
    return formula[code] ?? "formula"
  }

  static let formula: [String: String] = [
    "en": "formula", "de": "Formel", "fr": "formule", "es": "fórmula", "it": "formula", "pt": "fórmula",
    "nl": "formule", "sv": "formel", "da": "formel", "nb": "formel", "no": "formel", "fi": "kaava",
    "pl": "wzór", "cs": "vzorec", "ru": "формула", "uk": "формула", "el": "τύπος",
  ]

  /// The attributes of a start tag's inside (`span epub:type="pagebreak" title="12"`), names lowercased;
  /// empty when it has none.
  static func attributes(_ inside: String) -> [String: String] {
    guard inside.contains("=") else { return [:] }
    var inside = Array(inside.unicodeScalars)
    if inside.last == "/" { inside.removeLast() }
    var lowered: [String: String] = [:]
    for (key, value) in XMLNode.tag(inside).1 { lowered[key.lowercased()] = value }
    return lowered
  }
}
