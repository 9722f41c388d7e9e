import FolioTellCore
import Foundation
import Synchronization
import Testing

@testable import FolioTellSpeech

/// The WAV output: the same bytes as one write per piece gave, in a few system calls, valid at every moment.
@Suite(.serialized) struct WavFileSinkTests {
  static let rate = 22_050

  func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).wav").path
  }

  /// Speech-like samples that differ from one another, so a lost or moved piece shows.
  func samples(_ count: Int) -> [Int16] {
    (0..<count).map { Int16(truncatingIfNeeded: ($0 &* 7919) % 65_536 - 32_768) }
  }

  /// What the file held before buffering: the 44-byte header with its sizes, then the samples, little-endian.
  func unbufferedFile(_ samples: [Int16], rate: Int = rate) -> [UInt8] {
    func u32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
    func u16(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt16(value).littleEndian, Array.init) }
    let data = samples.count * 2
    var bytes = Array("RIFF".utf8) + u32(36 + data) + Array("WAVEfmt ".utf8) + u32(16) + u16(1) + u16(1)
    bytes += u32(rate) + u32(rate * 2) + u16(2) + u16(16) + Array("data".utf8) + u32(data)
    for sample in samples { bytes += u16(Int(UInt16(bitPattern: sample))) }
    return bytes
  }

  func write(_ samples: [Int16], to sink: WavFileSink, piece: Int) throws {
    var start = 0
    while start < samples.count {
      let end = min(start + piece, samples.count)
      let ok = try samples[start..<end].withUnsafeBufferPointer { try sink.write($0) }
      #expect(ok)
      start = end
    }
  }

  @Test func thirtySecondsIn10msPiecesAreTheSameBytesInAFewWrites() throws {
    let path = temporaryPath("pieces")
    let sink = WavFileSink(path: path)
    let audio = samples(Self.rate * 30)
    try sink.begin(sampleRate: Self.rate)
    try write(audio, to: sink, piece: Self.rate / 100)
    sink.end()
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == unbufferedFile(audio))
    // Unbuffered, this was 6,000 (each of 3,000 pieces and then the header); now each ~6 s block and its header.
    #expect(sink.fileWrites <= 14, "\(sink.fileWrites) writes")
    #expect(abs(sink.duration - 30) < 0.001)
  }

  @Test func piecesOfAnySizeAndSeveralStreamsAddUpToTheSameBytes() throws {
    let path = temporaryPath("streams")
    let sink = WavFileSink(path: path, bufferBytes: 1000)
    let audio = samples(5003)
    try sink.begin(sampleRate: Self.rate)
    try write(Array(audio[0..<2001]), to: sink, piece: 333)
    sink.end()
    // A second stream (the next utterance) goes on after the first.
    try sink.begin(sampleRate: Self.rate)
    try write(Array(audio[2001...]), to: sink, piece: 1)
    try sink.flush()
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == unbufferedFile(audio))
  }

  @Test func aRenderStoppedMidwayLeavesAValidFileOfWhatReachedTheDisk() throws {
    let path = temporaryPath("killed")
    let sink = WavFileSink(path: path, bufferBytes: 4410)
    let audio = samples(Self.rate)
    try sink.begin(sampleRate: Self.rate)
    try write(audio, to: sink, piece: 220)
    // No end: as if the program were killed now. The header counts exactly the audio on the disk.
    let file = try WavFile(path: path)
    #expect(file.sampleRate == Self.rate)
    #expect(file.samples.count > Self.rate - 2205)
    #expect(file.samples == Array(audio.prefix(file.samples.count)))
  }

  @Test func droppedAudioThatWasAcceptedStaysInTheFile() throws {
    let path = temporaryPath("dropped")
    let sink = WavFileSink(path: path)
    let audio = samples(1000)
    try sink.begin(sampleRate: Self.rate)
    try write(audio, to: sink, piece: 100)
    sink.drop()
    #expect(try [Int16](repeating: 1, count: 10).withUnsafeBufferPointer { try sink.write($0) } == false)
    #expect(try WavFile(path: path).samples == audio)
  }

  @Test func aFileAtItsSizeLimitKeepsWhatCameBefore() throws {
    let path = temporaryPath("limit")
    let sink = WavFileSink(path: path, maximumDataBytes: 2000)
    let audio = samples(1000)
    try sink.begin(sampleRate: Self.rate)
    try write(audio, to: sink, piece: 100)
    #expect(throws: AudioError.self) {
      try [Int16](repeating: 1, count: 1).withUnsafeBufferPointer { try sink.write($0) }
    }
    #expect(try WavFile(path: path).samples == audio)
  }

  @Test func theEngineWritesTheSamplesItSynthesizedInAFewWrites() throws {
    let path = temporaryPath("engine")
    let wav = WavFileSink(path: path)
    let tee = Tee(wav)
    let log = EventLog()
    let engine = try EspeakSpeechEngine(sink: log, audio: tee)
    engine.load(book: book("A few sentences for the file. They last some seconds. Then the file is complete."))
    engine.startUtterance(token: 1, offset: 0, wpm: 175, voice: "en")
    #expect(log.wait { $0.contains(finishOf: 1) })
    // Complete when the end is reported, before the sink is told the stream is over.
    let file = try WavFile(path: path)
    #expect(file.samples == tee.samples)
    #expect(file.samples.count > Self.rate)
    #expect(wav.fileWrites <= 6, "\(wav.fileWrites) writes for \(file.samples.count) samples")
  }
}

/// Passes audio to a sink, keeping a copy of every sample (what the file held when each piece was written).
final class Tee: PCMSink {
  let inner: WavFileSink
  private let kept = Mutex<[Int16]>([])
  init(_ inner: WavFileSink) { self.inner = inner }
  var samples: [Int16] { kept.withLock { $0 } }
  var label: String { inner.label }
  var isPaced: Bool { inner.isPaced }
  var canPause: Bool { inner.canPause }
  var underruns: Int { inner.underruns }
  func begin(sampleRate: Int) throws(AudioError) { try inner.begin(sampleRate: sampleRate) }
  func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    let ok = try inner.write(samples)
    if ok { kept.withLock { $0 += samples } }
    return ok
  }
  func flush() throws(AudioError) { try inner.flush() }
  func queuedFrames() -> Int { inner.queuedFrames() }
  func drop() { inner.drop() }
  func pause(resolved: @escaping @Sendable () -> Void) -> Bool { inner.pause(resolved: resolved) }
  func resume() {}
  func end() {}
}
