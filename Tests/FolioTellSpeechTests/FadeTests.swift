import Foundation
import Synchronization
import Testing

@testable import FolioTellSpeech

/// Stops and pauses on the paced card, with a known signal, so every frame the listener hears is checked.
@Suite(.serialized) struct FadeTests {
  static let rate = 22050
  static let fade = 44  // 2 ms at 22,050 Hz
  /// Never zero, different from frame to frame: any lost, repeated or moved frame shows.
  static let signal: [Int16] = (0..<(rate * 2)).map { Int16(1000 + $0 % 997) }

  /// Writes the signal from a worker thread, as the speech engine does; returns when it is done or stopped.
  final class Writer: Sendable {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Bool?>(nil)
  }

  func writeInBackground(_ card: AlsaSink) -> Writer {
    let writer = Writer()
    let done = writer.done
    let thread = Thread {
      var ok = true
      var start = 0
      while ok, start < Self.signal.count {
        let end = min(start + 220, Self.signal.count)
        ok = (try? Self.signal[start..<end].withUnsafeBufferPointer { try card.write($0) }) ?? false
        start = end
      }
      writer.result.withLock { $0 = ok }
      done.signal()
    }
    thread.start()
    return writer
  }

  func heardUntilSilent(_ card: AlsaSink) -> [Int16] {
    let deadline = ContinuousClock.now + .seconds(5)
    while card.queuedFrames() > 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    card.end()
    return card.recordedSamples()
  }

  @Test func aStopFadesOutWithinTwoMillisecondsAndNothingFollows() throws {
    let card = AlsaSink(.virtual(speed: 2, canPause: true))
    card.record(true)
    try card.begin(sampleRate: Self.rate)
    let writer = writeInBackground(card)
    Thread.sleep(forTimeInterval: 0.2)
    card.drop()
    #expect(writer.done.wait(timeout: .now() + 5) == .success)
    #expect(writer.result.withLock { $0 } == false)
    let heard = heardUntilSilent(card)
    let cut = try #require(
      heard.indices.first { $0 >= Self.signal.count || heard[$0] != Self.signal[$0] }, "the signal was never cut")
    #expect(cut > 1000)
    // The fade: the next 2 ms of the signal, ramped down to nothing, then silence, and nothing after.
    let expected = AlsaSink.ramp(Self.signal[cut..<(cut + Self.fade)], up: false, over: Self.fade)
    #expect(Array(heard[cut..<min(cut + Self.fade, heard.count)]) == expected)
    #expect(heard[(cut + Self.fade)...].allSatisfy { $0 == 0 })
  }

  /// A bench listens from each press on: the record lets what came before go, and what it keeps is still
  /// found at the frames the card counted.
  @Test func theRecordForgetsWhatCameBeforeAndKeepsItsFrameNumbers() throws {
    let card = AlsaSink(.virtual(speed: 4, canPause: true))
    card.record(true)
    try card.begin(sampleRate: Self.rate)
    let writer = writeInBackground(card)
    #expect(writer.done.wait(timeout: .now() + 10) == .success)
    let deadline = ContinuousClock.now + .seconds(5)
    while card.queuedFrames() > 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    let whole = card.recordedSamples()
    #expect(Array(whole.prefix(Self.signal.count)) == Self.signal)
    card.forgetRecorded(before: 30_000)
    #expect(card.recordedSamples(from: 0).isEmpty)
    #expect(card.recordedSamples(from: 29_999).isEmpty)
    #expect(card.recordedSamples(from: 30_000) == Array(whole[30_000...]))
    #expect(card.recordedSamples(from: 40_000) == Array(whole[40_000...]))
    card.end()
  }

  @Test func aPauseFadesOutAndTheResumeFadesInWithoutLosingOrRepeatingAFrame() throws {
    let card = AlsaSink(.virtual(speed: 2, canPause: true))
    card.record(true)
    try card.begin(sampleRate: Self.rate)
    let writer = writeInBackground(card)
    Thread.sleep(forTimeInterval: 0.2)
    let resolved = DispatchSemaphore(value: 0)
    #expect(card.pause { resolved.signal() })
    #expect(resolved.wait(timeout: .now() + 5) == .success)
    let heardAtPause = card.recordedCount
    Thread.sleep(forTimeInterval: 0.2)
    #expect(card.recordedCount == heardAtPause, "a paused card plays nothing")
    card.resume()
    #expect(writer.done.wait(timeout: .now() + 10) == .success)
    #expect(writer.result.withLock { $0 } == true)
    let heard = heardUntilSilent(card)

    let cut = try #require(heard.indices.first { $0 >= Self.signal.count || heard[$0] != Self.signal[$0] })
    let fadeOut = AlsaSink.ramp(Self.signal[cut..<(cut + Self.fade)], up: false, over: Self.fade)
    #expect(Array(heard[cut..<(cut + Self.fade)]) == fadeOut)
    let silence = cut + Self.fade
    #expect(heard[silence..<(silence + Self.fade)].allSatisfy { $0 == 0 })
    // After the pause: the same frames again from the cut, ramped up, then the rest of the signal, in full.
    let resumed = silence + Self.fade
    let fadeIn = AlsaSink.ramp(Self.signal[cut..<(cut + Self.fade)], up: true, over: Self.fade)
    #expect(Array(heard[resumed..<(resumed + Self.fade)]) == fadeIn)
    let rest = Array(heard[(resumed + Self.fade)...].prefix(Self.signal.count - cut - Self.fade))
    #expect(rest.elementsEqual(Self.signal[(cut + Self.fade)...]), "frames were lost or repeated after the resume")
  }

  @Test func aStopWhilePausedEndsTheStreamWithoutPlayingWhatWasHeldBack() throws {
    let card = AlsaSink(.virtual(speed: 2, canPause: true))
    card.record(true)
    try card.begin(sampleRate: Self.rate)
    let writer = writeInBackground(card)
    Thread.sleep(forTimeInterval: 0.2)
    let resolved = DispatchSemaphore(value: 0)
    #expect(card.pause { resolved.signal() })
    #expect(resolved.wait(timeout: .now() + 5) == .success)
    let heardAtPause = card.recordedCount
    card.drop()
    #expect(writer.done.wait(timeout: .now() + 5) == .success)
    #expect(writer.result.withLock { $0 } == false)
    #expect(heardUntilSilent(card).count == heardAtPause)
  }

  @Test func rampsGoAllTheWayToSilenceAndBack() {
    let flat = [Int16](repeating: 1000, count: 10)[...]
    #expect(AlsaSink.ramp(flat, up: false, over: 10).last == 0)
    #expect(AlsaSink.ramp(flat, up: true, over: 10).first == 100)
    #expect(AlsaSink.ramp(flat, up: true, over: 10).last == 1000)
  }
}
