import FolioTellCore
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The places, settings and bookmarks of the box, in append-only segment files on the data partition.
///
/// Records are only ever appended, each framed with its length, sequence number and CRC-32 (see Framing),
/// so a power cut can at worst tear the last one, which the next open cuts off. When the live segment
/// grows past `segmentLimit`, the whole state is written as a snapshot into a new segment (write, fsync,
/// rename, fsync the directory) and the old segments are deleted: a crash at any step leaves either the
/// old segments, or the old ones and the complete snapshot, both of which load to the full state.
///
/// All calls are safe from any thread; the runtime calls it from the funnel's.
public final class LogStore: PositionStore {
  public struct Options: Sendable {
    /// A segment larger than this is compacted into a snapshot.
    public var segmentLimit = 64 * 1024
    /// Milliseconds since 1970, for the records' wall time.
    public var wallClock: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
    /// A power cut to play out in the middle of a write (the soak test); nil on a box.
    public var powerCut: StorePowerCut?
    public init() {}
  }

  /// What opening the store found and repaired.
  public struct Recovery: Equatable, Sendable {
    public var segments = 0
    public var records = 0
    /// Damaged stretches inside segments, skipped; the records after them were kept.
    public var damagedRecords = 0
    /// Bytes of a torn last record cut off the end of the live segment.
    public var truncatedBytes = 0
    /// Files of a compaction that was interrupted before its rename, removed.
    public var removedTemporaryFiles = 0
  }

  /// The steps of a compaction, for tests that simulate a crash after each.
  public enum CompactionStep: CaseIterable, Sendable {
    case wroteSnapshot, syncedSnapshot, renamedSnapshot, syncedDirectory, deletedFirstOldSegment, deletedOldSegments
  }

  public struct SimulatedCrash: Error {}

  public let directory: String
  public let stats = IOStats()
  public let recovery: Recovery
  private let options: Options
  private struct Live {
    var descriptor: Int32
    var writable: Bool
    var number: Int
    var size: Int
    var nextSequence: UInt64
    var state: StoreState
  }
  private let live: Mutex<Live>

  /// Opens (creating it if needed) the store in `directory`, repairing what a power cut left.
  /// A directory that can be read but not written opens read-only: places load, saves fail with the reason.
  public init(directory: String, options: Options = Options()) throws(StoreError) {
    self.directory = directory
    self.options = options
    do { try Folders.make(directory) } catch {
      throw StoreError(call: "create the data directory", path: directory, code: error.code)
    }
    var recovery = Recovery()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names where name.hasPrefix("segment-") && name.hasSuffix(".tmp") {
      if unlink(directory + "/" + name) == 0 { recovery.removedTemporaryFiles += 1 }
    }
    let numbers = names.compactMap(Self.segmentNumber).sorted()
    var state = StoreState()
    var sequence: UInt64 = 0
    var liveSize = 0
    for (index, number) in numbers.enumerated() {
      let path = Self.path(directory, number)
      let descriptor = try StoreFileCalls.open(path, O_RDONLY)
      let bytes = try { () throws(StoreError) -> [UInt8] in
        defer { close(descriptor) }
        return try StoreFileCalls.readAll(descriptor, path)
      }()
      let scan = Framing.scan(bytes)
      for found in scan.records {
        if let record = found.record { state.apply(record) }
        sequence = max(sequence, found.sequence)
      }
      recovery.records += scan.records.count
      recovery.damagedRecords += scan.damaged.count
      let isLive = index == numbers.count - 1
      if isLive, let torn = scan.tornTail {
        recovery.truncatedBytes = bytes.count - torn
        liveSize = torn
      } else if isLive {
        liveSize = bytes.count
      }
    }
    recovery.segments = numbers.count
    self.recovery = recovery

    let number = numbers.last ?? 1
    let path = Self.path(directory, number)
    var writable = true
    var descriptor: Int32
    do throws(StoreError) {
      descriptor = try StoreFileCalls.open(path, O_RDWR | O_CREAT)
      do throws(StoreError) {
        if recovery.truncatedBytes > 0 {
          try StoreFileCalls.run("truncate", path) { Int(ftruncate(descriptor, off_t(liveSize))) }
          try StoreFileCalls.sync(descriptor, path, stats: stats)
        }
        if numbers.isEmpty { try StoreFileCalls.syncDirectory(directory, stats: stats) }
      } catch {
        close(descriptor)
        throw error
      }
    } catch  where [EROFS, EACCES, EPERM].contains(error.code) && !numbers.isEmpty {
      descriptor = try StoreFileCalls.open(path, O_RDONLY)
      writable = false
    }
    live = Mutex(
      Live(
        descriptor: descriptor, writable: writable, number: number, size: liveSize, nextSequence: sequence + 1,
        state: state))
  }

  deinit {
    live.withLock { _ = close($0.descriptor) }
  }

  static func segmentNumber(_ name: String) -> Int? {
    guard name.hasPrefix("segment-"), name.hasSuffix(".log") else { return nil }
    return Int(name.dropFirst("segment-".count).dropLast(".log".count))
  }

  static func path(_ directory: String, _ number: Int, temporary: Bool = false) -> String {
    let digits = String(number)
    return
      "\(directory)/segment-\(String(repeating: "0", count: max(0, 8 - digits.count)))\(digits)\(temporary ? ".tmp" : ".log")"
  }

  // MARK: - Reading

  public var state: StoreState { live.withLock { $0.state } }
  public var settings: Settings? { live.withLock { $0.state.settings } }
  public var lastOpenBook: StoreState.OpenBook? { live.withLock { $0.state.lastOpenBook } }
  public func bookmarks(for bookID: String) -> [Bookmark] { live.withLock { $0.state.bookmarks[bookID] ?? [] } }
  public var segmentFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { Self.segmentNumber($0) != nil }
      .sorted()
  }

  public func load(bookID: String) throws -> ReadingPosition? {
    live.withLock { live in
      live.state.positions[bookID].map { ReadingPosition(offset: $0.offset, sentence: $0.sentence) }
    }
  }

  // MARK: - Writing

  public func save(_ save: PositionSave) throws {
    let position = StoredPosition(
      bookID: save.bookID, offset: save.position.offset, sentence: save.position.sentence,
      wallTime: options.wallClock())
    try append([.position(position)])
  }

  public func saveSettings(_ settings: Settings) throws { try save(settings: settings) }

  public func save(settings: Settings) throws(StoreError) { try append([.settings(settings)]) }

  public func rememberOpenBook(bookID: String, path: String?) throws {
    try append([.lastOpenBook(bookID: bookID, path: path ?? "")])
  }

  public func addBookmark(_ bookmark: Bookmark) throws(StoreError) { try append([.bookmarkAdded(bookmark)]) }

  public func addBookmark(bookID: String, position: ReadingPosition) throws {
    try addBookmark(
      Bookmark(bookID: bookID, offset: position.offset, sentence: position.sentence, wallTime: options.wallClock()))
  }

  public func bookmarkOffsets(bookID: String) -> [Int] { bookmarks(for: bookID).map(\.offset) }

  public func saveBookSettings(bookID: String, settings: PlaybackSettings) throws {
    try append([.bookSettings(bookID: bookID, wpm: settings.wpm, voice: settings.voice)])
  }

  public func bookSettings(bookID: String) -> PlaybackSettings? {
    live.withLock { $0.state.bookSettings[bookID] }.map { PlaybackSettings(wpm: $0.wpm, voice: $0.voice) }
  }

  public func removeBookmark(bookID: String, offset: Int) throws(StoreError) {
    try append([.bookmarkRemoved(bookID: bookID, offset: offset)])
  }

  /// Appends records and makes them durable (one write, one fsync), then compacts if the segment is too large.
  /// On failure nothing is half-written: a torn append is cut off again, and the state keeps the records
  /// in memory so reading goes on.
  public func append(_ records: [StoreRecord]) throws(StoreError) {
    try live.withLock { (live: inout Live) throws(StoreError) in
      for record in records { live.state.apply(record) }
      let path = Self.path(directory, live.number)
      if !live.writable {
        let descriptor = try StoreFileCalls.open(path, O_RDWR)
        close(live.descriptor)
        live.descriptor = descriptor
        live.writable = true
      }
      var bytes: [UInt8] = []
      var sequence = live.nextSequence
      for record in records {
        let frame = Framing.frame(record, sequence: sequence)
        guard frame.count <= Framing.headerSize + Framing.maximumPayload else {
          throw StoreError(call: "append a record larger than 64 KiB to", path: path, code: EFBIG)
        }
        bytes += frame
        sequence += 1
      }
      if let kept = options.powerCut?.bytesReaching(ofWrite: bytes.count) {
        if kept > 0 { try StoreFileCalls.write(live.descriptor, Array(bytes[..<kept]), at: live.size, path, stats: stats) }
        throw StoreError(call: "write (the power was cut)", path: path, code: EIO)
      }
      do throws(StoreError) {
        try StoreFileCalls.write(live.descriptor, bytes, at: live.size, path, stats: stats)
        try StoreFileCalls.sync(live.descriptor, path, stats: stats)
      } catch {
        _ = ftruncate(live.descriptor, off_t(live.size))
        throw error
      }
      live.size += bytes.count
      live.nextSequence = sequence
      // Compact when the segment is past the limit and at least twice what its snapshot would be, so a
      // store of thousands of books does not compact at every append.
      if live.size > options.segmentLimit, live.size > 2 * Self.snapshotSize(live.state) {
        // A compaction that fails before its rename leaves the old segment whole; the next append tries again.
        try? compact(&live, crashAfter: nil)
      }
    }
  }

  static func snapshotSize(_ state: StoreState) -> Int {
    state.snapshot().reduce(0) { $0 + Framing.headerSize + $1.encoded().count }
  }

  /// Compacts now. `crashAfter` stops after a step, leaving the files as a power cut would.
  public func compact(crashAfter step: CompactionStep? = nil) throws {
    try live.withLock { (live: inout Live) throws in try compact(&live, crashAfter: step) }
  }

  private func compact(_ live: inout Live, crashAfter step: CompactionStep?) throws {
    let number = live.number + 1
    let temporary = Self.path(directory, number, temporary: true)
    let final = Self.path(directory, number)
    var sequence = live.nextSequence
    var bytes: [UInt8] = []
    for record in live.state.snapshot() {
      bytes += Framing.frame(record, sequence: sequence)
      sequence += 1
    }
    let descriptor = try StoreFileCalls.open(temporary, O_RDWR | O_CREAT | O_TRUNC)
    do {
      try StoreFileCalls.write(descriptor, bytes, at: 0, temporary, stats: stats)
      if step == .wroteSnapshot { throw SimulatedCrash() }
      try StoreFileCalls.sync(descriptor, temporary, stats: stats)
      if step == .syncedSnapshot { throw SimulatedCrash() }
      try StoreFileCalls.run("rename", temporary) { Int(rename(temporary, final)) }
    } catch let crash as SimulatedCrash {
      close(descriptor)
      throw crash
    } catch {
      // Nothing changed yet: the old segments stand, and the half-written snapshot goes.
      close(descriptor)
      unlink(temporary)
      throw error
    }
    // From the rename on, the snapshot is the live segment: it holds everything, and later appends go to it.
    let old = segmentFiles.compactMap(Self.segmentNumber).filter { $0 < number }
    close(live.descriptor)
    live.descriptor = descriptor
    live.number = number
    live.size = bytes.count
    live.nextSequence = sequence
    if step == .renamedSnapshot { throw SimulatedCrash() }
    try StoreFileCalls.syncDirectory(directory, stats: stats)
    if step == .syncedDirectory { throw SimulatedCrash() }
    for (index, segment) in old.enumerated() {
      try StoreFileCalls.run("delete", Self.path(directory, segment)) { Int(unlink(Self.path(directory, segment))) }
      if index == 0, step == .deletedFirstOldSegment { throw SimulatedCrash() }
    }
    if step == .deletedOldSegments { throw SimulatedCrash() }
    try StoreFileCalls.syncDirectory(directory, stats: stats)
  }
}
