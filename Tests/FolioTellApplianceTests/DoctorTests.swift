import Foundation
import Testing

@testable import FolioTellAppliance

/// `foliotell doctor` as a maker runs it.
@Suite struct DoctorTests {
  func config(_ json: (String) -> String) -> (path: String, folder: String) {
    let folder = VirtualRun.folder()
    try! FileManager.default.createDirectory(atPath: folder + "/books", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: folder + "/books/emma.txt", contents: Data(VirtualRun.book.utf8))
    _ = FileManager.default.createFile(
      atPath: folder + "/books/de.html",
      contents: Data("<html lang=\"de\"><body><p>Guten Abend. Es war einmal ein Garten.</p></body></html>".utf8))
    _ = FileManager.default.createFile(atPath: folder + "/config.json", contents: Data(json(folder).utf8))
    return (folder + "/config.json", folder)
  }

  @Test func aWorkingBoxIsAllWell() throws {
    let (path, folder) = config { #"{"dataDirectory": "\#($0)/data", "library": ["\#($0)/books"], "audio": "null"}"# }
    let result = try VirtualRun.execute(["doctor", "--config", path])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("ok   data: \(folder)/data is writable"))
    #expect(result.output.contains("ok   books: 2 found"))
    #expect(result.output.contains("ok   voices: 'de' is read by 'de'"))
    #expect(result.output.hasSuffix("all is well\n"))
  }

  @Test func eachProblemIsSaidWithItsFix() throws {
    let (path, _) = config {
      #"{"dataDirectory": "/proc/foliotell", "library": ["\#($0)/none"], "audio": "hw:9,0", "display": {"controller": "ssd1306", "bus": "/dev/i2c-99"}}"#
    }
    let result = try VirtualRun.execute(["doctor", "--config", path])
    #expect(result.status == 1)
    #expect(result.output.contains("FAIL display: ssd1306 on /dev/i2c-99 at 0x3C does not answer"), "\(result.output)")
    #expect(result.output.contains("FAIL sound: cannot open the sound device 'hw:9,0'"), "\(result.output)")
    #expect(result.output.contains("FAIL data: cannot make /proc/foliotell"), "\(result.output)")
    #expect(result.output.contains("FAIL books: no books in"), "\(result.output)")
    #expect(result.output.contains("problems to fix"))
  }

  @Test func aBoardWithoutItsChipNamesTheChip() throws {
    if FileManager.default.fileExists(atPath: "/dev/gpiochip0") {
      print("skipped: this machine has /dev/gpiochip0, so the missing-chip message cannot be seen")
      return
    }
    let (path, _) = config {
      #"{"board": "raspberry-pi", "dataDirectory": "\#($0)/data", "library": ["\#($0)/books"], "audio": "null"}"#
    }
    let result = try VirtualRun.execute(["doctor", "--config", path])
    #expect(result.status == 1)
    #expect(result.output.contains("FAIL GPIO: GPIO chip 'gpiochip0'"), "\(result.output)")
  }
}

@Suite struct DoctorNarrationTests {
  @Test func theDoctorSaysWhetherFFmpegLoadsForTalkingBooks() {
    let check = Doctor.narration()
    // On this machine (scripts/debian-packages.txt installs FFmpeg) the libraries load, by their sonames.
    #expect(check.problem == nil, "\(check.line)")
    #expect(check.line.hasPrefix("ok   narration: FFmpeg's libraries load (libavformat.so."), "\(check.line)")
  }
}
