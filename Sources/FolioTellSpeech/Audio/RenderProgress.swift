/// The one line that shows how far a render to a file has come, on a terminal: rewritten in place with a
/// carriage return, a few times a second, with the share of the book done and an estimate of the time left
/// (from the pace so far). Pure: the caller passes the time and writes the text it returns.
public struct RenderProgress: Sendable, Equatable {
  /// What is being written, as the line names it (the file's name).
  public var label: String
  /// Nothing is drawn for a render shorter than this: a short one ends before a line would help.
  public var firstDrawAfter = 0.5
  /// The line is redrawn at most this often.
  public var redrawEvery = 0.25
  private var lastDraw: Double?
  private var drawnWidth = 0

  public init(label: String) { self.label = label }

  /// "book.wav: 42%, about 1:05 left": `done` of `total` (characters of the book, say), `elapsed` seconds
  /// since the render began. The estimate waits for a second of pace and some progress.
  public static func line(label: String, done: Int, total: Int, elapsed: Double) -> String {
    let share = total > 0 ? min(max(Double(done) / Double(total), 0), 1) : 0
    let percent = Int((share * 100).rounded(.down))
    guard share > 0, share < 1, elapsed >= 1 else { return "\(label): \(percent)%" }
    let left = elapsed * (1 - share) / share
    return "\(label): \(percent)%, about \(clock(left)) left"
  }

  /// "0:07", "12:30", "1:02:03": seconds as a listener reads a clock, rounded up.
  public static func clock(_ seconds: Double) -> String {
    // Up, so the last seconds never read 0:00; a hair below the whole second first, for the error of division.
    let total = max(Int((seconds - 1e-6).rounded(.up)), 0)
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
  }

  /// The text to write now (a carriage return, the line, and spaces over what is left of a longer line
  /// before), or nil when it is too early to draw or to redraw.
  public mutating func update(done: Int, total: Int, elapsed: Double) -> String? {
    guard elapsed >= firstDrawAfter else { return nil }
    if let lastDraw, elapsed - lastDraw < redrawEvery { return nil }
    lastDraw = elapsed
    return rewrite(Self.line(label: label, done: done, total: total, elapsed: elapsed))
  }

  /// The last word: "book.wav: done in 0:03" and a new line, over the progress line if one was drawn;
  /// nothing at all when none was (a short render stays silent, as it was).
  public mutating func finish(elapsed: Double) -> String? {
    guard lastDraw != nil else { return nil }
    lastDraw = nil
    return rewrite("\(label): done in \(Self.clock(elapsed))") + "\n"
  }

  private mutating func rewrite(_ line: String) -> String {
    let width = line.count
    defer { drawnWidth = width }
    return "\r" + line + String(repeating: " ", count: max(drawnWidth - width, 0))
  }
}
