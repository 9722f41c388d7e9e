import Testing

@testable import FolioTellSpeech

/// The progress line of a render to a file: its words, its clock, and when it is drawn.
@Suite struct RenderProgressTests {
  @Test(arguments: [
    (0, 100, 0.0, "book.wav: 0%"),
    (42, 100, 0.5, "book.wav: 42%"),
    (1, 3, 2.0, "book.wav: 33%, about 0:04 left"),
    (50, 100, 30.0, "book.wav: 50%, about 0:30 left"),
    (999, 1000, 10.0, "book.wav: 99%, about 0:01 left"),
    (10, 100, 400.0, "book.wav: 10%, about 1:00:00 left"),
    (100, 100, 12.0, "book.wav: 100%"),
    (120, 100, 12.0, "book.wav: 100%"),
    (5, 0, 3.0, "book.wav: 0%"),
  ])
  func theLineSaysTheShareDoneAndTheTimeLeft(done: Int, total: Int, elapsed: Double, line: String) {
    #expect(RenderProgress.line(label: "book.wav", done: done, total: total, elapsed: elapsed) == line)
  }

  @Test(arguments: [
    (0.0, "0:00"), (0.2, "0:01"), (7, "0:07"), (59.5, "1:00"), (750, "12:30"), (3723, "1:02:03"), (-3, "0:00"),
  ])
  func secondsReadAsAClock(seconds: Double, clock: String) {
    #expect(RenderProgress.clock(seconds) == clock)
  }

  @Test func nothingIsDrawnInTheFirstHalfSecondAndThenAtMostFourTimesASecond() {
    var progress = RenderProgress(label: "b.wav")
    #expect(progress.update(done: 1, total: 10, elapsed: 0.1) == nil)
    #expect(progress.update(done: 2, total: 10, elapsed: 0.6) == "\rb.wav: 20%")
    #expect(progress.update(done: 3, total: 10, elapsed: 0.7) == nil)
    #expect(progress.update(done: 5, total: 10, elapsed: 1.0) == "\rb.wav: 50%, about 0:01 left")
  }

  @Test func aShorterLineBlanksWhatIsLeftOfTheLongerOne() {
    var progress = RenderProgress(label: "b.wav")
    #expect(progress.update(done: 1, total: 4, elapsed: 2) == "\rb.wav: 25%, about 0:06 left")
    #expect(progress.update(done: 4, total: 4, elapsed: 3) == "\rb.wav: 100%" + String(repeating: " ", count: 16))
    #expect(progress.finish(elapsed: 3.2) == "\rb.wav: done in 0:04\n")
  }

  @Test func aRenderThatEndsBeforeTheFirstDrawEndsSilently() {
    var progress = RenderProgress(label: "b.wav")
    #expect(progress.update(done: 10, total: 10, elapsed: 0.3) == nil)
    #expect(progress.finish(elapsed: 0.4) == nil)
  }
}
