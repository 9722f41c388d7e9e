import FolioTellBooks
import FolioTellViews
import FolioTellInput
import FolioTellNarration
import FolioTellDisplayPipeline
import FolioTellSpeech
import FolioTellSystem
import FoundationEssentials
import Glibc

/// `foliotell doctor`: checks each part the config describes, the way the box will use it, and says what
/// is wrong and how to fix it.
public enum Doctor {
  public struct Check: Equatable, Sendable {
    public var part: String
    /// nil when all is well; otherwise what is wrong and how to fix it.
    public var problem: String?
    /// What was found, when all is well.
    public var detail: String

    public var line: String {
      problem.map { "FAIL \(part): \($0)" } ?? "ok   \(part): \(detail)"
    }
  }

  /// Room the data directory should have to spare: the store's log, the trace ring, a few books.
  public static let spareBytes: UInt64 = 64 << 20

  public static func run(_ config: ApplianceConfig) -> [Check] {
    [gpio(config), display(config), sound(config), data(config)] + voice(config) + books(config)
      + [narration(), fonts(config)]
  }

  /// Narrated books need FFmpeg's libraries, opened when narration first plays: checked here, not found
  /// only when a listener chooses an audiobook.
  static func narration() -> Check {
    let (sonames, problem) = NarrationAudio.libraries()
    if let problem {
      return Check(
        part: "narration", problem: problem + "; talking books are read by the voice until it is fixed", detail: "")
    }
    return Check(part: "narration", detail: "FFmpeg's libraries load (\(sonames))")
  }

  static func gpio(_ config: ApplianceConfig) -> Check {
    let wiring = config.input.wiring
    let library = "libgpiod \(GPIOLines.libraryDescription)"
    guard !wiring.lines.isEmpty else {
      return Check(part: "GPIO", detail: "no buttons or knob wired to GPIO (input devices only; \(library))")
    }
    do {
      try GPIOLines.check(wiring, source: config.input.sourceDescription)
      return Check(
        part: "GPIO",
        detail: "\(wiring.chip): lines \(wiring.lines.joined(separator: ", ")) exist and are free (\(library))")
    } catch  where error.heldByFolioTell {
      return Check(
        part: "GPIO",
        detail:
          "\(wiring.chip): lines \(wiring.lines.joined(separator: ", ")) are held by foliotell (the box is running; \(library))")
    } catch {
      return Check(part: "GPIO", problem: "\(error.description) (\(library))", detail: "")
    }
  }

  static func display(_ config: ApplianceConfig) -> Check {
    guard case .panel(let panel) = config.display.output else {
      return Check(part: "display", detail: "none configured")
    }
    if let problem = panelProblem(panel) { return Check(part: "display", problem: problem, detail: "") }
    return Check(part: "display", detail: "\(panelName(panel)) answers")
  }

  static func panelName(_ panel: PanelConfig) -> String {
    "\(panel.controller.rawValue) on \(panel.bus) at 0x\(String(panel.address, radix: 16, uppercase: true))"
  }

  /// Why the panel does not answer, with how to find out; nil when it does.
  public static func panelProblem(_ panel: PanelConfig) -> String? {
    do {
      let bus = try LinuxI2CBus(bus: panel.bus, address: panel.address)
      // A no-operation command (0xE3 on both controllers): acknowledged only by a display that is there.
      try bus.write(control: 0x00, [0xE3][...])
      return nil
    } catch {
      return
        "\(panelName(panel)) does not answer: \(error); check the wiring (SDA, SCL, 3.3 V, ground) and the address with `i2cdetect -y \(panel.bus.split(separator: "-").last ?? "1")`"
    }
  }

  static func sound(_ config: ApplianceConfig) -> Check {
    let rate: Int
    do {
      rate = try Espeak.shared().sampleRate
    } catch {
      return Check(part: "speech", problem: "\(error); install espeak-ng-data", detail: "")
    }
    do {
      let sink = try AudioSpecification.sink(for: config.audio)
      try sink.begin(sampleRate: rate)
      sink.end()
      sink.release()
      return Check(part: "sound", detail: "'\(config.audio)' opens at \(rate) Hz")
    } catch {
      return Check(part: "sound", problem: "\(error)", detail: "")
    }
  }

  static func data(_ config: ApplianceConfig) -> Check {
    let directory = config.dataDirectory
    do {
      try Folders.make(directory)
    } catch {
      return Check(
        part: "data",
        problem: "cannot make \(directory): \(error); check \"dataDirectory\" and its permissions",
        detail: "")
    }
    let probe = directory + "/.doctor-\(getpid())"
    guard FileManager.default.createFile(atPath: probe, contents: Data("ok".utf8)) else {
      return Check(
        part: "data",
        problem:
          "\(directory) is not writable: the place cannot be kept; give the box's user write access (or mount the data partition read-write)",
        detail: "")
    }
    try? FileManager.default.removeItem(atPath: probe)
    guard let free = Appliance.freeBytes(directory) else {
      return Check(
        part: "data", problem: "cannot tell the free space of \(directory): \(String(cString: strerror(errno)))",
        detail: "")
    }
    guard free >= Int64(spareBytes) else {
      return Check(
        part: "data",
        problem:
          "\(directory) has only \(free >> 20) MiB free; the box wants \(spareBytes >> 20) MiB to spare: remove books or old traces",
        detail: "")
    }
    return Check(part: "data", detail: "\(directory) is writable, \(free >> 20) MiB free")
  }

  static func books(_ config: ApplianceConfig) -> [Check] {
    let scan = Library(folders: config.bookFolders).scan()
    var checks: [Check] = []
    if scan.books.isEmpty {
      checks.append(
        Check(
          part: "books",
          problem:
            "no books in \(config.bookFolders.joined(separator: ", ")) or on drives under /media; copy EPUB, HTML, Markdown or text files there",
          detail: ""))
    } else {
      checks.append(Check(part: "books", detail: "\(scan.books.count) found"))
    }
    for problem in scan.problems { checks.append(Check(part: "book", problem: problem, detail: "")) }
    // A voice for every language the books are in.
    var languages: Set<String> = []
    for book in scan.books {
      if let language = (try? BookParser.read(path: book.path, language: config.language))?.document.language {
        languages.insert(language)
      }
    }
    for language in languages.sorted() {
      let voice = Voices.voice(forLanguage: language)
      if voice == "en" && !language.lowercased().hasPrefix("en") {
        checks.append(
          Check(
            part: "voices",
            problem:
              "no espeak-ng voice for '\(language)'; those books are read in English. `foliotell voices` lists the voices",
            detail: ""))
      } else {
        checks.append(Check(part: "voices", detail: "'\(language)' is read by '\(voice)'"))
      }
    }
    return checks
  }

  /// The voice the config names, when it names one.
  static func voice(_ config: ApplianceConfig) -> [Check] {
    guard let voice = config.voice else { return [] }
    if let problem = Voices.problem(withVoice: voice) {
      return [Check(part: "voice", problem: problem + "; fix \"voice\" in the config", detail: "")]
    }
    return [Check(part: "voice", detail: "'\(voice)' is installed")]
  }

  static func fonts(_ config: ApplianceConfig) -> Check {
    do {
      _ = try FreeTypeFace(paths: config.display.fonts)
      return Check(part: "fonts", detail: config.display.fonts.first ?? "")
    } catch {
      return Check(part: "fonts", problem: "\(error); install fonts-dejavu-core or set \"display.font\"", detail: "")
    }
  }
}
