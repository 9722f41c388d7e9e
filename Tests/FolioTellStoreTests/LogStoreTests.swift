import Dispatch
import FolioTellCore
import FolioTellRuntime
import Foundation
import Glibc
import Testing

@testable import FolioTellStore

@Suite struct LogStoreTests {
  @Test func everyRecordKindSurvivesARestart() throws {
    let directory = temporaryDirectory()
    let records = sampleRecords(count: 40)
    let store = try LogStore(directory: directory, options: fixedClock())
    for record in records { try store.append([record]) }
    let reopened = try LogStore(directory: directory, options: fixedClock())
    #expect(reopened.state == stateAfter(records))
    #expect(reopened.state.settings?.night == true)
    #expect(reopened.recovery.records == records.count)
  }

  @Test func anEmptyDirectoryStartsAnEmptyStore() throws {
    let directory = temporaryDirectory()
    let store = try LogStore(directory: directory, options: fixedClock())
    #expect(store.state == StoreState())
    #expect(store.segmentFiles == ["segment-00000001.log"])
    #expect(try store.load(bookID: "anything") == nil)
  }

  @Test func aMissingDataDirectoryIsCreated() throws {
    let directory = temporaryDirectory() + "/deeper/foliotell"
    let store = try LogStore(directory: directory, options: fixedClock())
    try store.save(
      PositionSave(bookID: "b", position: ReadingPosition(offset: 4, sentence: 0), reason: .paused, time: 0))
    #expect(try LogStore(directory: directory).load(bookID: "b") == ReadingPosition(offset: 4, sentence: 0))
  }

  @Test func everyAppendIsOneWriteAndOneFsync() throws {
    let store = try LogStore(directory: temporaryDirectory(), options: fixedClock())
    let before = (store.stats.writes, store.stats.fsyncs)
    for offset in 0..<10 {
      try store.save(
        PositionSave(
          bookID: "b", position: ReadingPosition(offset: offset, sentence: 0), reason: .whileSpeaking, time: 0))
    }
    #expect(store.stats.writes - before.0 == 10)
    #expect(store.stats.fsyncs - before.1 == 10)
  }

  @Test func theLogStaysBoundedByCompaction() throws {
    let directory = temporaryDirectory()
    let store = try LogStore(directory: directory, options: fixedClock())
    for index in 0..<5_000 {
      try store.save(
        PositionSave(
          bookID: "book-\(index % 7)", position: ReadingPosition(offset: index, sentence: index / 10),
          reason: .whileSpeaking, time: 0))
    }
    let sizes = store.segmentFiles.map { bytes(directory + "/" + $0).count }
    #expect(sizes.count == 1)
    #expect(sizes.reduce(0, +) <= 64 * 1024 + 100)
    let reopened = try LogStore(directory: directory, options: fixedClock())
    for book in 0..<7 {
      let last = (0..<5_000).last { $0 % 7 == book }!
      #expect(try reopened.load(bookID: "book-\(book)") == ReadingPosition(offset: last, sentence: last / 10))
    }
  }

  @Test func theLogStaysBoundedAcrossManyRestarts() throws {
    let directory = temporaryDirectory()
    for session in 0..<20 {
      let store = try LogStore(directory: directory, options: fixedClock())
      for index in 0..<300 {
        try store.save(
          PositionSave(
            bookID: "book-\(session % 3)", position: ReadingPosition(offset: session * 1000 + index, sentence: index),
            reason: .whileSpeaking, time: 0))
      }
    }
    let store = try LogStore(directory: directory, options: fixedClock())
    let total = store.segmentFiles.map { bytes(directory + "/" + $0).count }.reduce(0, +)
    #expect(total <= 64 * 1024 + 100)
    #expect(try store.load(bookID: "book-1") == ReadingPosition(offset: 19 * 1000 + 299, sentence: 299))
  }

  @Test func aRecordTooLargeForTheFormatIsRefusedClearly() throws {
    let store = try LogStore(directory: temporaryDirectory(), options: fixedClock())
    let label = String(repeating: "a", count: 60_000)
    let bookID = String(repeating: "b", count: 10_000)
    do {
      try store.addBookmark(Bookmark(bookID: bookID, offset: 1, sentence: 0, label: label, wallTime: 0))
      Issue.record("a 70 KB record was accepted")
    } catch {
      #expect(error.code == EFBIG)
      #expect(error.description.contains("larger than 64 KiB"))
    }
    // The log is still good for what follows.
    try store.save(
      PositionSave(bookID: "b", position: ReadingPosition(offset: 3, sentence: 0), reason: .paused, time: 0))
    #expect(try LogStore(directory: store.directory).load(bookID: "b")?.offset == 3)
  }

  @Test func aVeryLongStringIsCutAtACharacterBoundary() {
    var writer = ByteWriter()
    writer.string(String(repeating: "é", count: 40_000))
    var reader = ByteReader(writer.bytes[...])
    let back = try? reader.string()
    #expect(back?.unicodeScalars.allSatisfy { $0 == "é" } == true)
    #expect((back?.utf8.count ?? 0) <= 65_535)
  }

  @Test func thousandsOfBooksKeepTheirPlacesAndCompactionDoesNotChurn() throws {
    let directory = temporaryDirectory()
    let store = try LogStore(directory: directory, options: fixedClock())
    for index in 0..<3_000 {
      try store.save(
        PositionSave(
          bookID: String(format: "%016x", index * 7919), position: ReadingPosition(offset: index, sentence: index),
          reason: .paused, time: 0))
    }
    let fsyncsBefore = store.stats.fsyncs
    try store.save(
      PositionSave(bookID: "one more", position: ReadingPosition(offset: 1, sentence: 0), reason: .paused, time: 0))
    // A snapshot larger than the segment limit must not be compacted again at every append.
    #expect(store.stats.fsyncs - fsyncsBefore == 1)
    let reopened = try LogStore(directory: directory, options: fixedClock())
    #expect(reopened.state.positions.count == 3_001)
    #expect(
      try reopened.load(bookID: String(format: "%016x", 2_999 * 7919))
        == ReadingPosition(offset: 2_999, sentence: 2_999))
  }

  @Test func appendsFromManyThreadsAreAllKeptInOrder() throws {
    let directory = temporaryDirectory()
    let store = try LogStore(directory: directory, options: fixedClock())
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<100 {
        try? store.save(
          PositionSave(
            bookID: "thread-\(thread)", position: ReadingPosition(offset: index, sentence: 0), reason: .paused, time: 0)
        )
      }
    }
    let reopened = try LogStore(directory: directory, options: fixedClock())
    for thread in 0..<8 { #expect(try reopened.load(bookID: "thread-\(thread)")?.offset == 99) }
    let scan = Framing.scan(bytes(directory + "/" + reopened.segmentFiles.last!))
    let sequences = scan.records.map(\.sequence)
    #expect(sequences == sequences.sorted())
    #expect(Set(sequences).count == sequences.count)
  }

  @Test func bookmarksAreAddedAndRemoved() throws {
    let directory = temporaryDirectory()
    let store = try LogStore(directory: directory, options: fixedClock())
    try store.addBookmark(Bookmark(bookID: "b", offset: 40, sentence: 2, label: "the storm", wallTime: 1))
    try store.addBookmark(Bookmark(bookID: "b", offset: 10, sentence: 1, label: "start", wallTime: 2))
    try store.addBookmark(Bookmark(bookID: "c", offset: 5, sentence: 0, wallTime: 3))
    try store.removeBookmark(bookID: "b", offset: 40)
    let reopened = try LogStore(directory: directory, options: fixedClock())
    #expect(reopened.bookmarks(for: "b").map(\.label) == ["start"])
    #expect(reopened.bookmarks(for: "c").count == 1)
  }

  @Test func theSettingsAreKeptWhole() throws {
    let directory = temporaryDirectory()
    let store = try LogStore(directory: directory, options: fixedClock())
    let chosen = Settings(
      wpm: 260, voice: "de", volume: 80, pitch: 30, earcons: false, bigWord: true, night: true, displayOff: true,
      textSize: .larger, boxLanguage: "ru")
    try store.save(settings: chosen)
    #expect(try LogStore(directory: directory).settings == chosen)
    // A language never chosen in the menu is not kept: the config's holds.
    var unchosen = chosen
    unchosen.boxLanguage = nil
    try store.save(settings: unchosen)
    #expect(try LogStore(directory: directory).settings?.boxLanguage == nil)
  }

  /// A record of an earlier version has the display's choices as text fields, some of them long gone
  /// ("contrast"), or none at all: what is known is taken, the rest keeps its default.
  @Test func aSettingsRecordOfAnEarlierVersionReadsWhatItHas() {
    var settings = Settings(wpm: 260, voice: "de", volume: 80, pitch: 40)
    StoreRecord.read(["contrast": "max", "night": "on", "earcons": "off", "textSize": "huge"], into: &settings)
    #expect(settings == Settings(wpm: 260, voice: "de", volume: 80, pitch: 40, earcons: false, night: true))
    var oldest = Settings(wpm: 200, voice: "en")
    StoreRecord.read([:], into: &oldest)
    #expect(oldest == Settings(wpm: 200, voice: "en"))
  }

  @Test func aDataDirectoryThatIsAFileIsAClearError() throws {
    let file = temporaryDirectory() + "/not-a-folder"
    FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
    do {
      _ = try LogStore(directory: file)
      Issue.record("a file was accepted as the data directory")
    } catch {
      #expect(error.description.contains("'\(file)'"))
    }
  }

  @Test func errorsNameTheCallThePathAndWhatToDo() {
    #expect(
      StoreError(call: "write", path: "/var/lib/foliotell/segment-00000001.log", code: ENOSPC).description
        == "Failed to write '/var/lib/foliotell/segment-00000001.log': No space left on device; the disk is full: free some space"
    )
    #expect(
      StoreError(call: "open", path: "/d", code: EROFS).description.contains("mount the data partition read-write"))
  }
}

/// A real small file system, full or read-only. Needs root (to mount a tmpfs); skipped with a reason otherwise.
@Suite(.serialized) struct FullAndReadOnlyDiskTests {
  static func mountTmpfs(kilobytes: Int) -> String? {
    guard getuid() == 0 else {
      print("FullAndReadOnlyDiskTests: skipped: mounting a tmpfs needs root")
      return nil
    }
    let point = temporaryDirectory("tmpfs")
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", point]) == 0 else {
      print("FullAndReadOnlyDiskTests: skipped: mount -t tmpfs failed (no CAP_SYS_ADMIN in this container?)")
      return nil
    }
    return point
  }

  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func aFullDiskFailsTheSaveClearlyAndKeepsEverythingBeforeIt() throws {
    guard let point = Self.mountTmpfs(kilobytes: 16) else { return }
    defer { Self.run("/bin/umount", [point]) }
    let store = try LogStore(directory: point + "/data", options: fixedClock())
    var saved = 0
    var failure: StoreError?
    for index in 0..<2_000 {
      do {
        try store.save(
          PositionSave(
            bookID: "book-\(index)", position: ReadingPosition(offset: index, sentence: 0), reason: .paused, time: 0))
        saved += 1
      } catch let error as StoreError {
        failure = error
        break
      }
    }
    let error = try #require(failure)
    #expect(error.code == ENOSPC)
    #expect(error.description.contains("the disk is full"))
    // The place that could not be written is still held in memory.
    #expect(try store.load(bookID: "book-\(saved)") != nil)
    let reopened = try LogStore(directory: point + "/data", options: fixedClock())
    #expect(reopened.state.positions.count == saved)
    #expect(reopened.recovery.truncatedBytes == 0)
    #expect(reopened.recovery.damagedRecords == 0)
  }

  @Test func aReadOnlyDiskStillGivesBackThePlacesAndRefusesSavesClearly() throws {
    guard let point = Self.mountTmpfs(kilobytes: 256) else { return }
    defer { Self.run("/bin/umount", [point]) }
    func saveAndClose() throws {
      let store = try LogStore(directory: point + "/data", options: fixedClock())
      try store.save(
        PositionSave(bookID: "b", position: ReadingPosition(offset: 42, sentence: 3), reason: .paused, time: 0))
    }
    try saveAndClose()
    #expect(Self.run("/bin/mount", ["-o", "remount,ro", point]) == 0)
    let reopened = try LogStore(directory: point + "/data", options: fixedClock())
    #expect(try reopened.load(bookID: "b") == ReadingPosition(offset: 42, sentence: 3))
    do {
      try reopened.save(
        PositionSave(bookID: "b", position: ReadingPosition(offset: 50, sentence: 4), reason: .paused, time: 0))
      Issue.record("a save on a read-only disk succeeded")
    } catch let error as StoreError {
      #expect(error.code == EROFS)
      #expect(error.description.contains("read-only"))
    }
    #expect(try reopened.load(bookID: "b") == ReadingPosition(offset: 50, sentence: 4))
  }
}
