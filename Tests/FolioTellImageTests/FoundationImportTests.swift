import Foundation
import Testing

/// The shipped binary links FoundationEssentials only (full Foundation would double its size): no program
/// target may import Foundation, FoundationXML, FoundationNetworking or FoundationInternationalization.
@Suite struct FoundationImportTests {
  /// The import lines that bring in more than FoundationEssentials, with file and line.
  static func fullFoundationImports(under folder: String) throws -> [String] {
    let pattern = try Regex(
      #"^\s*(@_exported\s+|@preconcurrency\s+|@_implementationOnly\s+)*import\s+((struct|class|enum|protocol|func|var|let|typealias)\s+)?(Foundation|FoundationXML|FoundationNetworking|FoundationInternationalization|CoreFoundation)(\.|\s|$)"#
    )
    var found: [String] = []
    let walker = FileManager.default.enumerator(atPath: folder)
    while let relative = walker?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let text = try String(contentsOfFile: folder + "/" + relative, encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.firstMatch(of: pattern) != nil {
        found.append("\(relative):\(index + 1): \(line)")
      }
    }
    return found
  }

  @Test func noProgramTargetImportsFullFoundation() throws {
    let sources = Shell.packageRoot.appendingPathComponent("Sources").path
    let found = try Self.fullFoundationImports(under: sources)
    #expect(found.isEmpty, "use FoundationEssentials (and Glibc) instead:\n\(found.joined(separator: "\n"))")
  }

  @Test func theCheckFindsEveryFormOfTheImport() throws {
    let folder = Shell.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let lines = [
      "import Foundation", "  import Foundation // indented", "@preconcurrency import Foundation",
      "import struct Foundation.Date", "import FoundationXML", "import FoundationNetworking",
    ]
    let allowed = ["import FoundationEssentials", "// import Foundation", "let x = \"import Foundation\""]
    try (lines + allowed).joined(separator: "\n").write(toFile: folder + "/a.swift", atomically: true, encoding: .utf8)
    let found = try Self.fullFoundationImports(under: folder)
    #expect(found.count == lines.count, "\(found)")
  }

  @Test func theShippedBinaryHasNoFoundationLibraryInIt() throws {
    let binary = Shell.packageRoot.appendingPathComponent(".build/debug/foliotell").path
    guard FileManager.default.fileExists(atPath: binary) else {
      print("skipped: .build/debug/foliotell is not built")
      return
    }
    let linked = try Shell.run("ldd '\(binary)'")
    #expect(!linked.output.contains("libFoundation.so"), "\(linked.output)")
    #expect(!linked.output.contains("libFoundationNetworking"), "\(linked.output)")
    #expect(!linked.output.contains("libFoundationXML"), "\(linked.output)")
    #expect(!linked.output.contains("lib_FoundationICU"), "\(linked.output)")
  }
}
