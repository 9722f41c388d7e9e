import FolioTellAppliance
import FolioTellBooks
import FolioTellDisplayPipeline
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
import Glibc

enum ReplayCommand {
  static func run(_ arguments: [String]) {
    var rest = arguments[...]
    var display: String?
    var books: String?
    var paths: [String] = []
    while let argument = rest.popFirst() {
      if argument == "--display" {
        guard let spec = rest.popFirst(), spec.hasPrefix("png:") else { fail("--display needs png:FOLDER") }
        display = spec
      } else if argument == "--books" {
        guard let folder = rest.popFirst() else { fail("--books needs the folder of kept books (DATA/books)") }
        books = folder
      } else {
        paths.append(argument)
      }
    }
    guard paths.count == 1, let path = paths.first, !path.hasPrefix("-") || path == "-" else {
      fail(
        "replay takes one trace file (or - for standard input): foliotell replay TRACE.jsonl [--display png:FOLDER] [--books DATA/books]"
      )
    }
    let keptFolder = books ?? keptBooksBeside(trace: path)
    var frames: VirtualFrames?
    if let display {
      var setup = DisplaySetup()
      do {
        try setup.apply(commandLine: display)
        frames = try VirtualFrames.make(setup, report: { _ in })
      } catch {
        fail("\(error)", status: 1)
      }
    }
    defer { frames?.finish() }
    let data: Data
    if path == "-" {
      data = Data((try? StandardInput.readAll()) ?? [])
    } else {
      guard let contents = FileManager.default.contents(atPath: path) else {
        fail("cannot read the trace '\(path)': no such file, or not readable", status: 1)
      }
      data = contents
    }
    guard let text = String(data: data, encoding: .utf8) else {
      fail("\(path): the trace is not UTF-8 text")
    }
    let finder = KeptBookFinder.finder(folder: keptFolder) { characters, sentences in
      WritableFile.standardError.print(
        "foliotell: \(path): the trace left out a long book (\(characters) characters, \(sentences) sentences) and it is not among the kept books in \(keptFolder); replay goes on with its size only, without its text: give the box's kept books with --books DATA/books\n"
      )
    }
    var replay = Replay(books: finder)
    if let frames { replay.observe = { frames.stepped($0) } }
    var output = ""
    do {
      // "\r\n" is one Character, and a newline: Windows line endings split like Unix ones.
      var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
      if lines.last == "" { lines.removeLast() }
      for (index, line) in lines.enumerated() {
        let fed: String?
        do {
          fed = try replay.feed(line)
        } catch where index == lines.count - 1 && (line.contains("\0") || !text.hasSuffix("\n")) {
          // The power went off while the box wrote its last line: cut off before its newline, or left as
          // the NUL bytes ext4 had sized for it but not written (the trace is not synced; the place is).
          WritableFile.standardError.print(
            "foliotell: \(path): line \(index + 1) was cut short when the power went off; replayed the \(index) lines before it\n")
          break
        }
        if let result = fed {
          output += result + "\n"
          if output.utf8.count > 1 << 16 {
            WritableFile.standardOutput.print(output)
            output = ""
          }
        }
      }
      try replay.finish()
      WritableFile.standardOutput.print(output)
    } catch {
      WritableFile.standardOutput.print(output)
      fail("\(path): \(error)")
    }
  }

  /// The box's kept books for a trace in its data directory (`DATA/trace/trace-000001.jsonl` → `DATA/books`).
  static func keptBooksBeside(trace path: String) -> String {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    return (folder.isEmpty ? "" : folder) + "/../" + BookKeeper.folderName
  }
}
