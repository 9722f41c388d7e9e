import FolioTellViews
import Foundation
import Testing

/// Golden images: each view's frame is compared with a plain PBM under Tests/FolioTellViewsTests/Golden.
/// `FOLIOTELL_UPDATE_GOLDEN=1 swift test --filter ViewGoldenTests` writes them anew (and a PNG beside
/// each in .build/golden-png, to look at); a difference is a failure that names the file and how many
/// pixels differ.
enum Golden {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
  static let pngFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".build/golden-png")

  static let typeface: FreeTypeFace = {
    do { return try FreeTypeFace() } catch { fatalError("\(error)") }
  }()

  static func check(_ frame: Frame, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = folder.appendingPathComponent(name + ".pbm")
    try? FileManager.default.createDirectory(at: pngFolder, withIntermediateDirectories: true)
    FileManager.default.createFile(
      atPath: pngFolder.appendingPathComponent(name + ".png").path, contents: Data(ImageFormats.png(frame)))
    if ProcessInfo.processInfo.environment["FOLIOTELL_UPDATE_GOLDEN"] == "1" {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: path.path, contents: Data(ImageFormats.pbm(frame).utf8))
      return
    }
    guard let data = FileManager.default.contents(atPath: path.path) else {
      Issue.record(
        "no golden image \(path.path); write it with FOLIOTELL_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
      return
    }
    do {
      let golden = try ImageFormats.frame(fromPBM: String(decoding: data, as: UTF8.self))
      let differing = zip(golden.bytes, frame.bytes).reduce(0) { $0 + ($1.0 ^ $1.1).nonzeroBitCount }
      #expect(
        golden.width == frame.width && golden.height == frame.height && differing == 0,
        "\(name): \(differing) pixels differ from \(path.lastPathComponent); look at .build/golden-png/\(name).png",
        sourceLocation: sourceLocation)
    } catch {
      Issue.record("\(path.path): \(error)", sourceLocation: sourceLocation)
    }
  }
}
