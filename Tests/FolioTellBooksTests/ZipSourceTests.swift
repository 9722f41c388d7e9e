import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellBooks

/// An EPUB read from its file a range at a time (`ZipSource(file:)`, as a long book is indexed) is the book
/// read from its bytes in memory; a damaged file fails the same way; the narrated EPUB plays from its file.
@Suite struct ZipSourceTests {
  static let epubs = [
    "/usr/share/doc/ubuntu-packaging-guide-epub/ubuntu-packaging-guide.epub",
    "/usr/share/doc/live-manual/epub/live-manual.en.epub",
  ].filter { FileManager.default.fileExists(atPath: $0) }

  func scratch(_ name: String) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder + "/" + name
  }

  @Test func anEPUBReadFromItsFileIsTheEPUBReadFromItsBytes() throws {
    try #require(!Self.epubs.isEmpty, "the Debian EPUBs are missing: scripts/install-debian-packages")
    for path in Self.epubs {
      let bytes = try BookParser.contents(of: path)
      let held = try EPUBBook.read(bytes, path: path)
      let read = try EPUBBook.read(source: ZipSource(file: path), path: path)
      #expect(read == held, "\(path)")
      #expect(read.sentences.count > 100)
    }
  }

  @Test func aDamagedFileFailsAsItsBytesDo() throws {
    let path = try #require(Self.epubs.first, "the Debian EPUBs are missing: scripts/install-debian-packages")
    let bytes = try BookParser.contents(of: path)
    for (name, damaged) in [
      ("cut.epub", Array(bytes.prefix(bytes.count / 2))), ("not-a-zip.epub", Array("plain text".utf8)),
      ("no-directory.epub", Array(bytes.prefix(bytes.count - 30))),
    ] {
      let file = scratch(name)
      FileManager.default.createFile(atPath: file, contents: Data(damaged))
      var fromBytes: String?
      var fromFile: String?
      do { _ = try EPUBBook.read(damaged, path: file) } catch { fromBytes = error.description }
      do { _ = try EPUBBook.read(source: ZipSource(file: file), path: file) } catch { fromFile = error.description }
      #expect(fromFile != nil && fromFile == fromBytes, "\(name): \(fromFile ?? "read") vs \(fromBytes ?? "read")")
    }
    #expect(throws: BookError.self) { try ZipSource(file: "/no/such/book.epub") }
  }

  @Test func aNarratedEPUBReadFromItsFilePlaysItsNarration() throws {
    guard NarrationFixtures.available else { return print(NarrationFixtures.skipReason) }
    let (path, _) = try MediaOverlayEPUB.make()
    let read = try EPUBBook.read(source: ZipSource(file: path), path: path)
    let held = try EPUBBook.read(try BookParser.contents(of: path), path: path)
    #expect(read == held)
    #expect(read.isNarrated)
  }
}
