import FolioTellCore
import Foundation
import Testing

@testable import FolioTellStore

@Suite struct RecordTests {
  @Test func everyRecordKindSurvivesAFrameAndAScan() {
    for record in sampleRecords(count: 12) + [.snapshotStart] {
      let framed = Framing.frame(record, sequence: 9)
      let found = Framing.record(in: framed, at: 0)
      #expect(found?.record == record)
      #expect(found?.sequence == 9)
      #expect(found?.length == framed.count)
    }
  }

  @Test func theHeaderIsTwentyFourBytesAndStartsWithTheMagic() {
    let framed = Framing.frame(.snapshotStart, sequence: 1)
    #expect(framed.count == 25)
    #expect(Array(framed.prefix(4)) == Array("FTLG".utf8))
  }

  @Test func aPositionRecordIsSmall() {
    let record = StoreRecord.position(
      StoredPosition(bookID: "cbf29ce484222325", offset: 123_456, sentence: 789, wallTime: 1_700_000_000_000))
    #expect(Framing.frame(record, sequence: 1).count <= 64)
  }

  @Test func aRecordOfAnUnknownKindIsSkippedNotTreatedAsDamage() {
    var header = ByteWriter()
    let payload: [UInt8] = [200, 1, 2, 3]
    header.bytes = Framing.magic
    header.u32(UInt32(payload.count))
    header.u64(1)
    header.u32(Framing.crc(payload[...]))
    header.u32(Framing.crc(header.bytes[...]))
    let file = header.bytes + payload + Framing.frame(.settings(Settings()), sequence: 2)
    let scan = Framing.scan(file)
    #expect(scan.records.count == 2)
    #expect(scan.records[0].record == nil)
    #expect(scan.damaged.isEmpty)
    #expect(scan.tornTail == nil)
  }

  @Test func aLengthBeyondTheLimitIsDamage() {
    var framed = Framing.frame(.snapshotStart, sequence: 1)
    framed[7] = 0x7F
    #expect(Framing.record(in: framed, at: 0) == nil)
  }

  @Test func crcIsZlibsCrc32() {
    #expect(Framing.crc(Array("123456789".utf8)[...]) == 0xCBF4_3926)
  }
}
