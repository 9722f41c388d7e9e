import FolioTellCore

/// A script of presses for the virtual platform, one per line:
///
///     # comments and blank lines are skipped
///     1.5 PLAY               a short press at 1.5 s
///     7.0 MENU long          long, repeat or release for the other gestures
///     9.25 ENCODER +3        the knob: detents, + clockwise, - back
///     11 ENCODER_PUSH +1     the knob turned while pushed in
///
/// Times are seconds of virtual time from power on, in order.
public struct ControlScript: Equatable, Sendable {
  public struct Step: Equatable, Sendable {
    public var time: Double
    public var event: BoxEvent

    public init(time: Double, event: BoxEvent) {
      self.time = time
      self.event = event
    }
  }

  public struct ParseError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var reason: String
    public var description: String {
      "\(file), line \(line): \(reason); a line is SECONDS CONTROL [short|long|repeat|release] or SECONDS ENCODER +N"
    }
  }

  public var steps: [Step]

  public init(steps: [Step]) { self.steps = steps }

  public static func parse(_ text: String, file: String) throws(ParseError) -> ControlScript {
    var steps: [Step] = []
    for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
      if words.isEmpty { continue }
      func fail(_ reason: String) -> ParseError { ParseError(file: file, line: index + 1, reason: reason) }
      guard let time = Double(words[0]), time.isFinite, time >= 0, time < 1e7 else {
        throw fail("'\(words[0])' is not a time in seconds")
      }
      if let last = steps.last, time < last.time { throw fail("\(words[0]) s comes before \(last.time) s") }
      guard words.count >= 2 else { throw fail("a control is missing after the time") }
      guard let control = ControlName(rawValue: words[1].uppercased()) else {
        throw fail("unknown control '\(words[1])'; controls: \(ControlName.spelledOut)")
      }
      guard words.count <= 3 else { throw fail("too many words") }
      if control == ControlName.encoder {
        guard words.count == 3, let detents = Int(words[2]), detents != 0, abs(detents) <= 1000 else {
          throw fail("ENCODER needs the detents turned, like +3 or -1")
        }
        steps.append(Step(time: time, event: .encoder(steps: detents)))
      } else if control == ControlName.encoderPush, words.count == 3, let first = words[2].first, "+-".contains(first) {
        guard let detents = Int(words[2]), detents != 0, abs(detents) <= 1000 else {
          throw fail("ENCODER_PUSH +N turns the knob pushed in; N is the detents, like +1 or -2")
        }
        steps.append(Step(time: time, event: .encoderPushed(steps: detents)))
      } else {
        let name = words.count == 3 ? words[2].lowercased() : "short"
        guard let gesture = Gesture(rawValue: name) else {
          throw fail("unknown gesture '\(words[2])'; use short, long, repeat or release")
        }
        steps.append(Step(time: time, event: .control(name: control, gesture: gesture)))
      }
    }
    return ControlScript(steps: steps)
  }
}
