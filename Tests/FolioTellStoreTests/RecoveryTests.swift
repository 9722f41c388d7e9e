import FolioTellCore
import Foundation
import Testing

@testable import FolioTellStore

/// Power cuts and damaged cards, simulated on the real file system.
@Suite struct RecoveryTests {
  /// Writes `records` one append each into a fresh store; returns the directory and each record's end offset.
  func logOf(_ records: [StoreRecord]) throws -> (directory: String, segment: String, ends: [Int]) {
    let directory = temporaryDirectory()
    let store = try LogStore(directory: directory, options: fixedClock())
    var ends: [Int] = []
    for record in records {
      try store.append([record])
      ends.append(bytes(directory + "/segment-00000001.log").count)
    }
    return (directory, directory + "/segment-00000001.log", ends)
  }

  @Test func aCutAtEveryByteKeepsExactlyTheCompleteRecords() throws {
    let records = sampleRecords(count: 24)
    let (_, segment, ends) = try logOf(records)
    let whole = bytes(segment)
    for cut in 0...whole.count {
      let directory = temporaryDirectory("cut")
      write(Array(whole[0..<cut]), to: directory + "/segment-00000001.log")
      let store = try LogStore(directory: directory, options: fixedClock())
      let complete = ends.filter { $0 <= cut }.count
      #expect(store.state == stateAfter(records.prefix(complete)), "cut at \(cut)")
      let goodEnd = complete == 0 ? 0 : ends[complete - 1]
      #expect(store.recovery.truncatedBytes == cut - goodEnd, "cut at \(cut)")
      #expect(bytes(directory + "/segment-00000001.log").count == goodEnd, "the torn tail is cut off at \(cut)")
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  @Test func appendingAfterATornTailLandsOnAGoodRecord() throws {
    let records = sampleRecords(count: 6)
    let (directory, segment, ends) = try logOf(records)
    write(Array(bytes(segment)[0..<(ends[4] + 10)]), to: segment)
    let store = try LogStore(directory: directory, options: fixedClock())
    let extra = StoreRecord.position(StoredPosition(bookID: "new", offset: 5, sentence: 0, wallTime: 1))
    try store.append([extra])
    let reopened = try LogStore(directory: directory, options: fixedClock())
    #expect(reopened.state == stateAfter(records.prefix(5) + [extra]))
    #expect(reopened.recovery.damagedRecords == 0)
    #expect(reopened.recovery.truncatedBytes == 0)
  }

  @Test func aFlippedBitLosesOnlyTheDamagedRecord() throws {
    let records = sampleRecords(count: 30)
    let (_, segment, ends) = try logOf(records)
    let whole = bytes(segment)
    var random = SystemRandomNumberGenerator()
    for trial in 0..<300 {
      let victim = Int.random(in: 0..<records.count, using: &random)
      let start = victim == 0 ? 0 : ends[victim - 1]
      let byte = Int.random(in: start..<ends[victim], using: &random)
      var damaged = whole
      damaged[byte] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
      let directory = temporaryDirectory("flip")
      write(damaged, to: directory + "/segment-00000001.log")
      let store = try LogStore(directory: directory, options: fixedClock())
      var survivors = records
      survivors.remove(at: victim)
      #expect(store.state == stateAfter(survivors), "trial \(trial): bit flipped at byte \(byte) of record \(victim)")
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  @Test func damageInAnOlderSegmentLosesOnlyThatRecord() throws {
    let directory = temporaryDirectory()
    let first = sampleRecords(count: 10)
    let store = try LogStore(directory: directory, options: fixedClock())
    for record in first { try store.append([record]) }
    let old = directory + "/segment-00000001.log"
    let ends = Framing.scan(bytes(old)).records.map { $0.offset + $0.length }
    // A second segment, as after a crash between a compaction's rename and its deletes.
    let later = StoreRecord.position(StoredPosition(bookID: "later", offset: 1, sentence: 0, wallTime: 0))
    write(Framing.frame(later, sequence: 100), to: directory + "/segment-00000002.log")
    var damaged = bytes(old)
    damaged[ends[3] + 30] ^= 0x10
    write(damaged, to: old)
    let reopened = try LogStore(directory: directory, options: fixedClock())
    var expected = first
    expected.remove(at: 4)
    #expect(reopened.state == stateAfter(expected + [later]))
    #expect(reopened.recovery.damagedRecords == 1)
  }

  @Test func aCompactionInterruptedAtAnyStepLoadsTheFullState() throws {
    for step in LogStore.CompactionStep.allCases {
      let directory = temporaryDirectory("compaction")
      var options = fixedClock()
      options.segmentLimit = 1 << 30
      let store = try LogStore(directory: directory, options: options)
      let records = sampleRecords(count: 30)
      for record in records.prefix(15) { try store.append([record]) }
      try store.compact()
      for record in records[15..<25] { try store.append([record]) }
      // Two segments before the last compaction, so a crash between its deletes leaves one of them.
      #expect(throws: LogStore.SimulatedCrash.self) { try store.compact(crashAfter: .syncedDirectory) }
      let restarted = try LogStore(directory: directory, options: options)
      #expect(restarted.segmentFiles.count == 2)
      for record in records.suffix(5) { try restarted.append([record]) }
      #expect(throws: LogStore.SimulatedCrash.self) { try restarted.compact(crashAfter: step) }
      let reopened = try LogStore(directory: directory, options: options)
      #expect(reopened.state == stateAfter(records), "crash after \(step)")
      #expect(!reopened.segmentFiles.isEmpty)
      let temporaries = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
      #expect(temporaries.isEmpty, "crash after \(step)")
      // And it goes on working: an append lands, a compaction completes.
      let extra = StoreRecord.settings(Settings(wpm: 333))
      try reopened.append([extra])
      try reopened.compact()
      #expect(try LogStore(directory: directory, options: options).state == stateAfter(records + [extra]))
    }
  }

  @Test func leftoversOfAnInterruptedCompactionAreRemoved() throws {
    let directory = temporaryDirectory()
    let store = try LogStore(directory: directory, options: fixedClock())
    try store.append(sampleRecords(count: 5))
    #expect(throws: LogStore.SimulatedCrash.self) { try store.compact(crashAfter: .syncedSnapshot) }
    let reopened = try LogStore(directory: directory, options: fixedClock())
    #expect(reopened.recovery.removedTemporaryFiles == 1)
    #expect(reopened.segmentFiles == ["segment-00000001.log"])
  }
}
