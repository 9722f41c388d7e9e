import FolioTellCore

/// Where the listener stopped in one book.
public struct StoredPosition: Equatable, Sendable {
  public var bookID: String
  public var offset: Int
  public var sentence: Int
  /// Milliseconds since 1970 when the listener was there.
  public var wallTime: Int64

  public init(bookID: String, offset: Int, sentence: Int, wallTime: Int64) {
    self.bookID = bookID
    self.offset = offset
    self.sentence = sentence
    self.wallTime = wallTime
  }
}

public struct Bookmark: Equatable, Hashable, Sendable {
  public var bookID: String
  public var offset: Int
  public var sentence: Int
  public var label: String
  public var wallTime: Int64

  public init(bookID: String, offset: Int, sentence: Int, label: String = "", wallTime: Int64) {
    self.bookID = bookID
    self.offset = offset
    self.sentence = sentence
    self.label = label
    self.wallTime = wallTime
  }
}

/// One entry of the log. A `snapshotStart` says that what follows in its segment is the whole state.
public enum StoreRecord: Equatable, Sendable {
  case snapshotStart
  case position(StoredPosition)
  /// The listener's settings. On disk: the rate, voice, volume and pitch, then the rest as named text
  /// fields ("earcons": "on"), the layout every earlier version wrote and reads.
  case settings(Settings)
  case bookmarkAdded(Bookmark)
  case bookmarkRemoved(bookID: String, offset: Int)
  case lastOpenBook(bookID: String, path: String)
  /// The rate and voice chosen for one book (a book without one uses the box's settings).
  case bookSettings(bookID: String, wpm: Int, voice: String)

  enum Kind: UInt8 {
    case snapshotStart = 1, position, settings, bookmarkAdded, bookmarkRemoved, lastOpenBook, bookSettings
  }

  /// The payload: a kind byte, then the fields in little-endian binary, strings as a 16-bit length and UTF-8.
  func encoded() -> [UInt8] {
    var out = ByteWriter()
    switch self {
    case .snapshotStart:
      out.u8(Kind.snapshotStart.rawValue)
    case .position(let position):
      out.u8(Kind.position.rawValue)
      out.string(position.bookID)
      out.u64(UInt64(position.offset))
      out.u32(UInt32(position.sentence))
      out.i64(position.wallTime)
    case .settings(let settings):
      out.u8(Kind.settings.rawValue)
      out.u16(UInt16(clamping: settings.wpm))
      out.string(settings.voice)
      out.u16(UInt16(clamping: settings.volume))
      out.u16(UInt16(clamping: settings.pitch))
      let named = Self.namedFields(settings)
      out.u16(UInt16(clamping: named.count))
      for (key, value) in named {
        out.string(key)
        out.string(value)
      }
    case .bookmarkAdded(let bookmark):
      out.u8(Kind.bookmarkAdded.rawValue)
      out.string(bookmark.bookID)
      out.u64(UInt64(bookmark.offset))
      out.u32(UInt32(bookmark.sentence))
      out.i64(bookmark.wallTime)
      out.string(bookmark.label)
    case .bookmarkRemoved(let bookID, let offset):
      out.u8(Kind.bookmarkRemoved.rawValue)
      out.string(bookID)
      out.u64(UInt64(offset))
    case .lastOpenBook(let bookID, let path):
      out.u8(Kind.lastOpenBook.rawValue)
      out.string(bookID)
      out.string(path)
    case .bookSettings(let bookID, let wpm, let voice):
      out.u8(Kind.bookSettings.rawValue)
      out.string(bookID)
      out.u16(UInt16(clamping: wpm))
      out.string(voice)
    }
    return out.bytes
  }

  /// Reads a payload; nil for a kind this version does not know (written by a newer box), which is skipped.
  static func decode(_ payload: ArraySlice<UInt8>) throws(ByteReader.Underflow) -> StoreRecord? {
    var input = ByteReader(payload)
    guard let kind = Kind(rawValue: try input.u8()) else { return nil }
    let record: StoreRecord
    switch kind {
    case .snapshotStart:
      record = .snapshotStart
    case .position:
      record = .position(
        StoredPosition(
          bookID: try input.string(), offset: try input.offset(), sentence: Int(try input.u32()),
          wallTime: try input.i64()))
    case .settings:
      var settings = Settings(
        wpm: Int(try input.u16()), voice: try input.string(), volume: Int(try input.u16()), pitch: Int(try input.u16()))
      var named: [String: String] = [:]
      let count = Int(try input.u16())
      for _ in 0..<count { named[try input.string()] = try input.string() }
      Self.read(named, into: &settings)
      record = .settings(settings)
    case .bookmarkAdded:
      let bookID = try input.string()
      let offset = try input.offset()
      let sentence = Int(try input.u32())
      let wallTime = try input.i64()
      let label = try input.string()
      record = .bookmarkAdded(
        Bookmark(bookID: bookID, offset: offset, sentence: sentence, label: label, wallTime: wallTime))
    case .bookmarkRemoved:
      record = .bookmarkRemoved(bookID: try input.string(), offset: try input.offset())
    case .lastOpenBook:
      record = .lastOpenBook(bookID: try input.string(), path: try input.string())
    case .bookSettings:
      record = .bookSettings(bookID: try input.string(), wpm: Int(try input.u16()), voice: try input.string())
    }
    return record
  }
}

extension StoreRecord {
  /// The settings besides rate, voice, volume and pitch, as the record's named fields, sorted by name.
  static func namedFields(_ settings: Settings) -> [(String, String)] {
    func onOff(_ value: Bool) -> String { value ? "on" : "off" }
    let chosenLanguage = settings.boxLanguage.map { [("boxLanguage", $0)] } ?? []
    return [("bigWord", onOff(settings.bigWord))] + chosenLanguage + [
      ("displayOff", onOff(settings.displayOff)), ("earcons", onOff(settings.earcons)), ("night", onOff(settings.night)),
      ("textSize", settings.textSize.rawValue),
    ]
  }

  /// Named fields a record has (an older one may have fewer, or others it no longer uses): each known one
  /// is taken, the rest keep their defaults.
  static func read(_ named: [String: String], into settings: inout Settings) {
    if let earcons = named["earcons"] { settings.earcons = earcons != "off" }
    settings.bigWord = named["bigWord"] == "on"
    settings.night = named["night"] == "on"
    settings.displayOff = named["displayOff"] == "on"
    settings.textSize = named["textSize"].flatMap(TextSize.init(rawValue:)) ?? .normal
    settings.boxLanguage = named["boxLanguage"].flatMap { $0.isEmpty ? nil : $0 }
  }
}

struct ByteWriter {
  var bytes: [UInt8] = []
  mutating func u8(_ value: UInt8) { bytes.append(value) }
  mutating func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
  mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
  mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
  mutating func i64(_ value: Int64) { u64(UInt64(bitPattern: value)) }
  /// A 16-bit length and the UTF-8 bytes; a longer string is cut at a character boundary.
  mutating func string(_ value: String) {
    var text = Substring(value)
    while text.utf8.count > Int(UInt16.max) { text = text.dropLast() }
    u16(UInt16(text.utf8.count))
    bytes += Array(text.utf8)
  }
}

struct ByteReader {
  struct Underflow: Error {}
  private var rest: ArraySlice<UInt8>

  init(_ bytes: ArraySlice<UInt8>) { rest = bytes }

  var isAtEnd: Bool { rest.isEmpty }

  mutating func take(_ count: Int) throws(Underflow) -> ArraySlice<UInt8> {
    guard rest.count >= count else { throw Underflow() }
    defer { rest = rest.dropFirst(count) }
    return rest.prefix(count)
  }

  mutating func unsigned(_ width: Int) throws(Underflow) -> UInt64 {
    let bytes = try take(width)
    return bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  mutating func u8() throws(Underflow) -> UInt8 { UInt8(try unsigned(1)) }
  mutating func u16() throws(Underflow) -> UInt16 { UInt16(try unsigned(2)) }
  mutating func u32() throws(Underflow) -> UInt32 { UInt32(try unsigned(4)) }
  mutating func u64() throws(Underflow) -> UInt64 { try unsigned(8) }
  /// An offset: a u64 that must fit an Int (damage otherwise).
  mutating func offset() throws(Underflow) -> Int {
    guard let value = Int(exactly: try u64()) else { throw Underflow() }
    return value
  }
  mutating func i64() throws(Underflow) -> Int64 { Int64(bitPattern: try unsigned(8)) }
  mutating func string() throws(Underflow) -> String {
    let count = Int(try u16())
    return String(decoding: try take(count), as: UTF8.self)
  }
}
