import FolioTellCore
import FolioTellNarration

/// Reads one clip after another from narrated files: a clip that starts where the last one ended (the
/// phrases of one file, read in order) continues the same decoder with no seek and no gap; any other is
/// opened or sought to the sample. Holds one file open at a time.
final class ClipReader {
  private let sampleRate: Int
  private var audio: NarrationAudio?
  /// Decoded samples past the last clip's end, kept for the clip that continues it.
  private var leftover: [Int16] = []
  /// The file time of the next sample to hand out (`leftover`'s first, else the decoder's next).
  private var clock = 0.0
  private var buffer: [Int16] = []

  init(sampleRate: Int) { self.sampleRate = sampleRate }

  /// Plays `clip` from `begin` seconds (inside it) at `speed`, handing `deliver` blocks of at most
  /// `block` samples until the clip's end; `deliver` returns false to stop. False when stopped.
  func play(
    _ clip: NarrationClip, from begin: Double, speed: Double, block: Int, deliver: ([Int16]) throws -> Bool
  ) throws -> Bool {
    let start = min(max(begin, clip.begin), clip.end)
    let audio = try prepare(file: clip.file, at: start, speed: speed)
    // The clip's length as heard: a faster speed plays the same narration in fewer samples.
    var remaining = Int(((clip.end - start) * Double(sampleRate) / speed).rounded())
    let secondsPerSample = speed / Double(sampleRate)
    while remaining > 0 {
      var samples: [Int16]
      if !leftover.isEmpty {
        samples = Array(leftover.prefix(min(block, remaining)))
        leftover.removeFirst(samples.count)
      } else {
        let made = try audio.read(into: &buffer, capacity: block)
        // The file ends before the clip says (a clip-end rounded up): the phrase is over.
        if made == 0 { break }
        samples = Array(buffer[0..<made])
        if made > remaining {
          leftover = Array(samples[remaining...])
          samples.removeLast(made - remaining)
        }
      }
      remaining -= samples.count
      clock += Double(samples.count) * secondsPerSample
      guard try deliver(samples) else { return false }
    }
    return true
  }

  private func prepare(file: String, at time: Double, speed: Double) throws(NarrationAudioError) -> NarrationAudio {
    if let audio, audio.path == file, audio.speed == speed, abs(clock - time) < 0.005 { return audio }
    let opened: NarrationAudio
    if let audio, audio.path == file {
      opened = audio
    } else {
      audio = nil
      opened = try NarrationAudio(path: file, sampleRate: sampleRate)
      audio = opened
    }
    opened.setSpeed(speed)
    try opened.seek(to: time)
    leftover = []
    clock = time
    return opened
  }
}
