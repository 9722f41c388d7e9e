import FolioTellControls
import FolioTellCore
import Testing

@testable import FolioTellInput

@Suite struct EvdevTests {
  /// A recorded press of the space bar on a USB keyboard (x86_64): key down, sync, key up, sync.
  static let spaceBar: [UInt8] = [
    // 1700000000 s, 250000 us, EV_KEY, KEY_SPACE (57), 1
    0x00, 0xF1, 0x53, 0x65, 0, 0, 0, 0, 0x90, 0xD0, 0x03, 0, 0, 0, 0, 0, 0x01, 0x00, 0x39, 0x00, 0x01, 0, 0, 0,
    0x00, 0xF1, 0x53, 0x65, 0, 0, 0, 0, 0x90, 0xD0, 0x03, 0, 0, 0, 0, 0, 0x00, 0x00, 0x00, 0x00, 0x00, 0, 0, 0,
    // 1700000000 s, 370000 us, EV_KEY, KEY_SPACE, 0
    0x00, 0xF1, 0x53, 0x65, 0, 0, 0, 0, 0x50, 0xA5, 0x05, 0, 0, 0, 0, 0, 0x01, 0x00, 0x39, 0x00, 0x00, 0, 0, 0,
  ]

  @Test func recordedKernelBytesParseIntoEvents() {
    var parser = InputEventParser()
    let events = parser.feed(Self.spaceBar)
    #expect(events.count == 3)
    #expect(events[0] == InputEvent(time: 1_700_000_000.25, type: 1, code: 57, value: 1))
    #expect(events[1].type == InputEvent.synchronize)
    #expect(abs(events[2].time - 1_700_000_000.37) < 1e-6)
    #expect(events[2].value == 0)
  }

  @Test func anEventCutBetweenReadsIsKeptForTheNext() {
    var parser = InputEventParser()
    #expect(parser.feed(Self.spaceBar[0..<30]).count == 1)
    #expect(parser.feed(Self.spaceBar[30..<50]).count == 1)
    #expect(parser.feed(Self.spaceBar[50...]).count == 1)
  }

  @Test func negativeValuesAndTheEncodedBytesRoundTrip() {
    let turn = InputEvent(time: 12.5, type: InputEvent.relative, code: 8, value: -3)
    var parser = InputEventParser()
    #expect(parser.feed(turn.bytes) == [turn])
  }

  @Test func theThirtyTwoBitLayoutParsesToo() {
    let events = [
      InputEvent(time: 100.5, type: InputEvent.key, code: 164, value: 1),
      InputEvent(time: 100.75, type: InputEvent.relative, code: 8, value: -1),
    ]
    let bytes = events.flatMap { $0.bytes(size: 16) }
    #expect(bytes.count == 32)
    var parser = InputEventParser(size: 16)
    #expect(parser.feed(bytes) == events)
  }

  @Test func aPointersXAxisDoesNotTurnTheEncoder() {
    var mouse = EvdevTranslator(xAxisTurns: false)
    #expect(mouse.translate(InputEvent(time: 1, type: 2, code: 0, value: 5)) == nil)
    #expect(
      mouse.translate(InputEvent(time: 1, type: 2, code: 8, value: 1)) == .turn(control: .encoder, steps: 1, time: 1))
    var touch = EvdevTranslator(xAxisTurns: false)
    _ = touch.translate(InputEvent(time: 1, type: 3, code: 0, value: 100))
    #expect(touch.translate(InputEvent(time: 2, type: 3, code: 0, value: 900)) == nil)
  }

  @Test func anAbsoluteEncoderWrapsAtItsRange() {
    // The rotary-encoder driver with 24 steps counts 0...23 and round again.
    var knob = EvdevTranslator(absoluteRange: 0...23)
    _ = knob.translate(InputEvent(time: 1, type: 3, code: 0, value: 23))
    #expect(
      knob.translate(InputEvent(time: 2, type: 3, code: 0, value: 0)) == .turn(control: .encoder, steps: 1, time: 2))
    #expect(
      knob.translate(InputEvent(time: 3, type: 3, code: 0, value: 23)) == .turn(control: .encoder, steps: -1, time: 3))
  }

  @Test func keysMapToControlsAndAutorepeatIsLeftToTheGestureRules() {
    var translator = EvdevTranslator()
    #expect(
      translator.translate(InputEvent(time: 1, type: 1, code: 57, value: 1))
        == .key(control: .play, down: true, time: 1))
    #expect(translator.translate(InputEvent(time: 1.5, type: 1, code: 57, value: 2)) == nil)
    #expect(
      translator.translate(InputEvent(time: 2, type: 1, code: 57, value: 0))
        == .key(control: .play, down: false, time: 2))
    #expect(
      translator.translate(InputEvent(time: 2, type: 1, code: KeyNames.code(for: "KEY_NEXTSONG")!, value: 1))
        == .key(control: .next, down: true, time: 2))
    #expect(translator.translate(InputEvent(time: 2, type: 1, code: KeyNames.code(for: "KEY_F12")!, value: 1)) == nil)
  }

  @Test func wheelsDialsAndAbsoluteEncodersTurn() {
    var translator = EvdevTranslator()
    #expect(
      translator.translate(InputEvent(time: 1, type: 2, code: 8, value: -1))
        == .turn(control: .encoder, steps: -1, time: 1))
    #expect(
      translator.translate(InputEvent(time: 1, type: 2, code: 7, value: 2))
        == .turn(control: .encoder, steps: 2, time: 1))
    // REL_Y (a mouse moving up and down) is not a turn.
    #expect(translator.translate(InputEvent(time: 1, type: 2, code: 1, value: 2)) == nil)
    // The absolute rotary encoder: the first position is where it is; then differences.
    #expect(translator.translate(InputEvent(time: 1, type: 3, code: 0, value: 10)) == nil)
    #expect(
      translator.translate(InputEvent(time: 2, type: 3, code: 0, value: 12))
        == .turn(control: .encoder, steps: 2, time: 2))
  }

  @Test func keyNamesAreTheKernelsOwn() {
    #expect(KeyNames.code(for: "KEY_SPACE") == 57)
    #expect(KeyNames.code(for: "key_playpause") == 164)
    #expect(KeyNames.code(for: "BTN_0") == 0x100)
    #expect(KeyNames.code(for: "30") == 30)
    #expect(KeyNames.code(for: "KEY_NO_SUCH") == nil)
    #expect(KeyNames.name(for: 57) == "KEY_SPACE")
  }
}
