import CALSA
import Foundation
import Testing

@testable import FolioTellSpeech

/// The paced virtual sound card, through the same snd_pcm_* calls as a real card.
@Suite struct PacedSoundCardTests {
  func tone(_ frames: Int, value: Int16 = 1000) -> [Int16] { [Int16](repeating: value, count: frames) }

  @Test func writesBlockAtThePaceOfPlayback() throws {
    let sink = AlsaSink(.virtual(speed: 1, canPause: true))
    try sink.begin(sampleRate: 22050)
    let start = ContinuousClock.now
    let samples = tone(22050 / 10)
    for _ in 0..<8 { _ = try samples.withUnsafeBufferPointer { try sink.write($0) } }
    let elapsed = ContinuousClock.now - start
    // 0.8 s written with a 0.25 s buffer: the writes must have waited about 0.55 s for playback.
    #expect(elapsed > .milliseconds(400))
    #expect(elapsed < .milliseconds(1500))
    #expect(sink.queuedFrames() <= 22050 / 4 + 2205)
  }
}
