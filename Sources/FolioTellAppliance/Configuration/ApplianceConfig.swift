import FolioTellJSON
import FolioTellCore
import FolioTellInput
import FolioTellDisplayPipeline
import FoundationEssentials
import Glibc

/// The whole box's configuration: a board file's defaults, then the config file's keys on top. Every key
/// is optional; `{}` (or no file at all) is a box with no GPIO, any input devices, the default sound card,
/// no display, and its data in /var/lib/foliotell. Read once at start (and again on SIGHUP), checked
/// whole: a wrong key or value is an error naming the file, line, key and fix.
public struct ApplianceConfig: Equatable, Sendable {
  /// The board named (`raspberry-pi`), or nil.
  public var board: String?
  /// The files read, board first, for messages.
  public var files: [String] = []
  public var dataDirectory = "/var/lib/foliotell"
  /// Book folders; nil: `books` in the data directory. Drives under /media are always looked at.
  public var libraryFolders: [String]?
  /// An ALSA device name, or any `--audio` output.
  public var audio = "default"
  public var voice: String?
  public var wpm: Int?
  public var volume = 100
  public var pitch = 50
  /// The language of books that do not say.
  public var language: String?
  /// The language of the box's own words (prompts, menu, where am I), until the listener chooses one in
  /// the menu; nil: English.
  public var boxLanguage: String?
  /// Read footnotes and endnotes where they sit in the text (by default they are skipped).
  public var readNotes = false
  /// A talking book that has text too (DAISY with audio, EPUB with media overlays) plays its narration;
  /// false reads its text with the box's voice.
  public var narration = true
  /// After a pause longer than this, PLAY goes on from the start of the interrupted sentence.
  public var longPauseMinutes = 10.0
  /// What a detent of the knob moves by, turned and turned while pushed in.
  public var knob = KnobUnit.sentence
  public var pushedKnob = KnobUnit.paragraph
  public var lexicon: String?
  /// After a stop, or a pause this long, the sound card is closed and the amplifier switched off.
  public var audioIdleSeconds = 30.0
  public var amplifier: AmplifierLine?
  public var traceEnabled = true
  public var traceFiles = 6
  public var traceFileBytes = 4 << 20
  /// Where the trace ring is kept; nil: in RAM under the service's runtime directory (/run/foliotell,
  /// $RUNTIME_DIRECTORY) when systemd gives one, so the trace costs the card no writes, else in the data
  /// directory.
  public var traceFolder: String?
  public var input = InputSetup()
  public var display = DisplaySetup()

  public init() {}

  /// The folders whose books the menu offers.
  public var bookFolders: [String] { libraryFolders ?? [dataDirectory + "/books"] }

  /// Reads the config file (when there is one) and the board it names (or `board`, which wins).
  public static func load(path: String?, board override: String? = nil) throws(ConfigError) -> ApplianceConfig {
    var config = ApplianceConfig()
    var root: [String: Any] = [:]
    if let path {
      root = try readConfigObject(path)
      try ConfigSchema.check(root, file: path)
    }
    let fields = JSONFields(file: path ?? "the command line")
    if let override {
      config.board = override
    } else {
      config.board = try fields.string(root, "board", at: "")
    }
    var boardPath: String?
    if let board = config.board {
      let found = try InputSetup.boardPath(named: board)
      let boardRoot = try readConfigObject(found)
      try ConfigSchema.check(boardRoot, file: found)
      try config.apply(boardRoot, file: found)
      config.files.append(found)
      boardPath = found
    }
    if let path {
      try config.apply(root, file: path)
      config.files.append(path)
    }
    config.input = try InputSetup.load(board: boardPath, config: path)
    config.display = try DisplaySetup.load(files: config.files)
    return config
  }

  mutating func apply(_ root: [String: Any], file: String) throws(ConfigError) {
    let fields = JSONFields(file: file + "")
    func at(_ key: String) -> String {
      file + ConfigSchema.line(of: key, in: (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
    }
    if let value = try fields.string(root, "dataDirectory", at: "") {
      guard value.hasPrefix("/") else {
        throw ConfigError(
          file: at("dataDirectory"), reason: "dataDirectory must be an absolute path, like \"/var/lib/foliotell\"")
      }
      dataDirectory = value
    }
    if let list = try fields.array(root, "library", at: "") {
      let folders = list.compactMap { $0 as? String }.filter { !$0.isEmpty }
      guard folders.count == list.count else {
        throw ConfigError(
          file: at("library"), reason: "library must be a list of folders, like [\"/var/lib/foliotell/books\"]")
      }
      libraryFolders = folders
    }
    if let value = try fields.string(root, "audio", at: "") { audio = value }
    if let value = try fields.string(root, "voice", at: "") { voice = value }
    if let value = try fields.string(root, "language", at: "") { language = value }
    if let value = try fields.string(root, "boxLanguage", at: "") {
      guard WordTable.speaks(value) else {
        let known = WordTable.all.map { "\"\($0.language)\" (\($0.name))" }.joined(separator: ", ")
        throw ConfigError(file: at("boxLanguage"), reason: "boxLanguage is \"\(value)\"; the box speaks \(known)")
      }
      boxLanguage = LanguageForms.base(of: value)
    }
    if let value = try fields.bool(root, "readNotes", at: "") { readNotes = value }
    if let value = try fields.bool(root, "narration", at: "") { narration = value }
    for (key, unit) in [("knob", \ApplianceConfig.knob), ("pushedKnob", \ApplianceConfig.pushedKnob)] {
      guard let value = try fields.string(root, key, at: "") else { continue }
      guard let chosen = KnobUnit(rawValue: value) else {
        throw ConfigError(
          file: at(key), reason: "\(key) is \"\(value)\"; use sentence, paragraph, chapter, page, level1 to level6, tenSeconds or minute")
      }
      self[keyPath: unit] = chosen
    }
    if let value = try number(fields, root, "longPauseMinutes", in: 0...1440, file: at("longPauseMinutes")) {
      longPauseMinutes = value
    }
    if let value = try fields.string(root, "lexicon", at: "") { lexicon = value }
    let limits = Double(SpeechRate.limits.lowerBound)...Double(SpeechRate.limits.upperBound)
    if let value = try number(fields, root, "wpm", in: limits, file: at("wpm")) { wpm = Int(value) }
    if let value = try number(fields, root, "volume", in: 0...200, file: at("volume")) { volume = Int(value) }
    if let value = try number(fields, root, "pitch", in: 0...100, file: at("pitch")) { pitch = Int(value) }
    if let value = try number(fields, root, "audioIdleSeconds", in: 1...86_400, file: at("audioIdleSeconds")) {
      audioIdleSeconds = value
    }
    if let amp = try fields.object(root, "amplifier", at: "") {
      var line = amplifier ?? AmplifierLine(chip: "gpiochip0", line: "")
      if let chip = try fields.string(amp, "chip", at: "amplifier") { line.chip = chip }
      if let name = try fields.string(amp, "line", at: "amplifier") { line.line = name }
      if let activeLow = try fields.bool(amp, "activeLow", at: "amplifier") { line.activeLow = activeLow }
      if let ms = try number(fields, amp, "startupMs", in: 0...2000, file: at("startupMs")) {
        line.startupSeconds = ms / 1000
      }
      guard !line.line.isEmpty else {
        throw ConfigError(
          file: at("amplifier"),
          reason: "amplifier.line is missing: name the line wired to the amplifier's SD pin, like \"GPIO16\"")
      }
      amplifier = line
    }
    if let trace = try fields.object(root, "trace", at: "") {
      if let enabled = try fields.bool(trace, "enabled", at: "trace") { traceEnabled = enabled }
      if let files = try number(fields, trace, "files", in: 1...1000, file: at("files")) { traceFiles = Int(files) }
      if let kilobytes = try number(fields, trace, "fileKilobytes", in: 4...1_048_576, file: at("fileKilobytes")) {
        traceFileBytes = Int(kilobytes) * 1024
      }
      if let folder = try fields.string(trace, "folder", at: "trace") {
        guard folder.hasPrefix("/") else {
          throw ConfigError(
            file: at("folder"), reason: "trace.folder must be an absolute path, like \"/var/lib/foliotell/trace\"")
        }
        traceFolder = folder
      }
    }
  }

  private func number(
    _ fields: JSONFields, _ parent: [String: Any], _ key: String, in range: ClosedRange<Double>, file: String
  ) throws(ConfigError) -> Double? {
    do {
      return try fields.number(parent, key, at: "", in: range)
    } catch {
      throw ConfigError(file: file, reason: error.reason)
    }
  }
}

/// The line that switches the amplifier on (a MAX98357A's SD pin: high is on).
public struct AmplifierLine: Equatable, Sendable {
  public var chip: String
  public var line: String
  /// Low switches it on (rare); by default high is on and low is shut down.
  public var activeLow = false
  /// How long it takes to come up before the first sound, so there is no pop.
  public var startupSeconds = 0.05

  public init(chip: String, line: String, activeLow: Bool = false, startupSeconds: Double = 0.05) {
    self.chip = chip
    self.line = line
    self.activeLow = activeLow
    self.startupSeconds = startupSeconds
  }
}
