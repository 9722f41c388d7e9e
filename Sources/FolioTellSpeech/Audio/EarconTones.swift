import FolioTellCore
import Glibc

/// The box's earcons, synthesized in code: short sine tones with soft edges, at a modest level so they
/// never startle, each shaped to be told apart by ear.
public enum EarconTones {
  /// One tone: frequency in hertz and length in seconds; a frequency of 0 is a gap.
  struct Note {
    var hertz: Double
    var seconds: Double
  }

  static func notes(for earcon: Earcon) -> [Note] {
    switch earcon {
    case .accepted: return [Note(hertz: 1320, seconds: 0.04)]
    case .limit:
      return [Note(hertz: 660, seconds: 0.06), Note(hertz: 0, seconds: 0.04), Note(hertz: 660, seconds: 0.06)]
    case .endOfBook:
      return [Note(hertz: 880, seconds: 0.1), Note(hertz: 660, seconds: 0.1), Note(hertz: 440, seconds: 0.2)]
    case .chapterCrossed: return [Note(hertz: 990, seconds: 0.05), Note(hertz: 1320, seconds: 0.07)]
    case .error: return [Note(hertz: 220, seconds: 0.18)]
    }
  }

  /// The earcon's 16-bit mono samples at `sampleRate`.
  public static func samples(for earcon: Earcon, sampleRate: Int, level: Double = 0.25) -> [Int16] {
    var out: [Int16] = []
    let edge = max(1, sampleRate / 200)
    for note in notes(for: earcon) {
      let count = Int(note.seconds * Double(sampleRate))
      for index in 0..<count {
        guard note.hertz > 0 else {
          out.append(0)
          continue
        }
        // 5 ms in and out, against clicks.
        let envelope = min(1, Double(min(index, count - 1 - index)) / Double(edge))
        let value = sin(2 * Double.pi * note.hertz * Double(index) / Double(sampleRate)) * level * envelope
        out.append(Int16(value * Double(Int16.max)))
      }
    }
    return out
  }
}
