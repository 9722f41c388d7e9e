import Foundation

/// Narrated audio made at test time (no audio is committed): espeak-ng speaks the text, and Debian's
/// `lame` and `ffmpeg` make MP3 files with tags and M4B files with chapter marks from it.
public enum NarrationFixtures {
  public struct ToolFailed: Error, CustomStringConvertible {
    public var description: String
  }

  /// The tools exist (scripts/debian-packages.txt installs them).
  public static var available: Bool {
    ["/usr/bin/espeak-ng", "/usr/bin/lame", "/usr/bin/ffmpeg"].allSatisfy(FileManager.default.isExecutableFile)
  }

  public static let skipReason = "skipped: espeak-ng, lame or ffmpeg is missing (scripts/install-debian-packages)"

  public static func folder() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("narration-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @discardableResult
  public static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolFailed(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(said)")
    }
    return said
  }

  /// `text` spoken by espeak-ng into a WAV file (22050 Hz mono).
  public static func speech(_ text: String, to wav: String, voice: String = "en") throws {
    try run("/usr/bin/espeak-ng", ["-v", voice, "-w", wav, text])
  }

  /// `text` spoken into an MP3 file with ID3 tags.
  public static func mp3(
    _ text: String, to path: String, title: String? = nil, album: String? = nil, artist: String? = nil
  ) throws {
    let wav = path + ".wav"
    try speech(text, to: wav)
    var arguments = ["--quiet", "-b", "64"]
    if let title { arguments += ["--tt", title] }
    if let album { arguments += ["--tl", album] }
    if let artist { arguments += ["--ta", artist] }
    try run("/usr/bin/lame", arguments + [wav, path])
    try FileManager.default.removeItem(atPath: wav)
  }

  /// A tone (`seconds` long, `hertz` high) as an MP3 file: a long stretch of narration, quickly made.
  public static func tone(seconds: Double, hertz: Int = 440, to path: String) throws {
    try run(
      "/usr/bin/ffmpeg",
      ["-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=\(hertz):duration=\(seconds)",
        "-ac", "1", "-ar", "22050", "-b:a", "32k", path])
  }

  /// The length of an audio file in seconds, as ffmpeg reads it (a reference that is not the box's).
  public static func duration(of wav: String) -> Double {
    guard let data = FileManager.default.contents(atPath: wav), data.count > 44 else { return 0 }
    return Double(data.count - 44) / 2 / 22050
  }

  /// An M4B (AAC in MP4) whose chapters are the given texts, spoken, with their titles as chapter marks.
  /// Returns where each chapter starts, in seconds.
  @discardableResult
  public static func m4b(chapters: [(title: String, text: String)], to path: String, title: String) throws -> [Double] {
    let work = folder()
    var starts: [Double] = []
    var time = 0.0
    var list = ""
    var metadata = ";FFMETADATA1\ntitle=\(title)\nalbum=\(title)\nartist=A. Narrator\n"
    for (index, chapter) in chapters.enumerated() {
      let wav = work + "/\(index).wav"
      try speech(chapter.text, to: wav)
      let length = duration(of: wav)
      starts.append(time)
      let (from, to) = (Int((time * 1000).rounded()), Int(((time + length) * 1000).rounded()))
      metadata += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(from)\nEND=\(to)\ntitle=\(chapter.title)\n"
      list += "file '\(wav)'\n"
      time += length
    }
    try list.write(toFile: work + "/list.txt", atomically: true, encoding: .utf8)
    try metadata.write(toFile: work + "/metadata.txt", atomically: true, encoding: .utf8)
    try run(
      "/usr/bin/ffmpeg",
      ["-nostdin", "-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", work + "/list.txt", "-i",
        work + "/metadata.txt", "-map_metadata", "1", "-map_chapters", "1", "-c:a", "aac", "-b:a", "48k",
        "-f", "mp4", path])
    try? FileManager.default.removeItem(atPath: work)
    return starts
  }
}

extension NarrationFixtures {
  /// A tone as a WAV file (PCM: exact to the sample), 22050 Hz mono.
  public static func toneWAV(seconds: Double, hertz: Int = 440, to path: String) throws {
    try run(
      "/usr/bin/ffmpeg",
      ["-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=\(hertz):duration=\(seconds)",
        "-ac", "1", "-ar", "22050", "-c:a", "pcm_s16le", path])
  }

  /// How many times a signal crosses zero per second: twice its pitch, for a tone.
  public static func crossingsPerSecond(_ samples: ArraySlice<Int16>, rate: Int = 22050) -> Double {
    guard samples.count > 1 else { return 0 }
    var crossings = 0
    var previous = samples.first!
    for sample in samples.dropFirst() {
      if (previous < 0) != (sample < 0) { crossings += 1 }
      previous = sample
    }
    return Double(crossings) * Double(rate) / Double(samples.count)
  }
}

extension NarrationFixtures {
  /// An M4B of tones, a chapter each (`seconds` long at `hertz`), with chapter marks; quick to make at any
  /// length. Returns where each chapter starts.
  @discardableResult
  public static func m4bOfTones(chapters: [(title: String, seconds: Double, hertz: Int)], to path: String) throws -> [Double] {
    let work = folder()
    var list = ""
    var metadata = ";FFMETADATA1\ntitle=Tones\nalbum=Tones\nartist=A. Narrator\n"
    var starts: [Double] = []
    var time = 0.0
    for (index, chapter) in chapters.enumerated() {
      let wav = work + "/\(index).wav"
      try toneWAV(seconds: chapter.seconds, hertz: chapter.hertz, to: wav)
      starts.append(time)
      metadata += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(Int(time * 1000))\nEND=\(Int((time + chapter.seconds) * 1000))\ntitle=\(chapter.title)\n"
      list += "file '\(wav)'\n"
      time += chapter.seconds
    }
    try list.write(toFile: work + "/list.txt", atomically: true, encoding: .utf8)
    try metadata.write(toFile: work + "/metadata.txt", atomically: true, encoding: .utf8)
    try run(
      "/usr/bin/ffmpeg",
      ["-nostdin", "-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", work + "/list.txt", "-i",
        work + "/metadata.txt", "-map_metadata", "1", "-map_chapters", "1", "-c:a", "aac", "-b:a", "48k", "-f", "mp4", path])
    try? FileManager.default.removeItem(atPath: work)
    return starts
  }
}
