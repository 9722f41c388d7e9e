import FolioTellCore
import Foundation
import Testing

@testable import FolioTellStore

/// The soak test's torn write: an armed power cut writes part of the next append and nothing after it,
/// as a pulled plug leaves the card; the store opened again keeps every complete record.
@Suite struct PowerCutTests {
  @Test func theArmedAppendIsTornAtItsShareAndNothingIsWrittenAfterIt() throws {
    let directory = temporaryDirectory("power-cut")
    var options = fixedClock()
    let cut = StorePowerCut()
    options.powerCut = cut
    let records = sampleRecords(count: 5)
    let store = try LogStore(directory: directory, options: options)
    for record in records.prefix(3) { try store.append([record]) }
    let segment = directory + "/segment-00000001.log"
    let whole = bytes(segment).count
    #expect(!cut.hasHappened)

    cut.arm(keeping: 0.5)
    #expect(throws: StoreError.self) { try store.append([records[3]]) }
    let kept = try #require(cut.bytesKept)
    let frame = Framing.frame(records[3], sequence: 4).count
    #expect(kept == frame / 2)
    #expect(bytes(segment).count == whole + kept, "the torn record stays on the card, not cut off again")
    // The box is off: a later append reaches nothing.
    #expect(throws: StoreError.self) { try store.append([records[4]]) }
    #expect(bytes(segment).count == whole + kept)

    let reopened = try LogStore(directory: directory, options: fixedClock())
    #expect(reopened.state == stateAfter(records.prefix(3)))
    #expect(reopened.recovery.truncatedBytes == kept)
  }

  @Test func anUnarmedCutWritesEverything() throws {
    let directory = temporaryDirectory("power-cut")
    var options = fixedClock()
    options.powerCut = StorePowerCut()
    let records = sampleRecords(count: 4)
    let store = try LogStore(directory: directory, options: options)
    for record in records { try store.append([record]) }
    #expect(try LogStore(directory: directory, options: fixedClock()).state == stateAfter(records[...]))
  }

  @Test func aCutKeepsLessThanTheWholeRecordEvenAtTheTopShare() throws {
    let directory = temporaryDirectory("power-cut")
    var options = fixedClock()
    let cut = StorePowerCut()
    options.powerCut = cut
    let store = try LogStore(directory: directory, options: options)
    cut.arm(keeping: 1)
    let record = sampleRecords(count: 1)[0]
    #expect(throws: StoreError.self) { try store.append([record]) }
    #expect(cut.bytesKept == Framing.frame(record, sequence: 1).count - 1)
  }
}
