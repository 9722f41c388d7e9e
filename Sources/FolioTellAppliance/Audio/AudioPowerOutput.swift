import CGPIOD
import FolioTellRuntime
import FolioTellSpeech
import FoundationEssentials
import Glibc
import Synchronization

/// The box's `AudioOutput`: when the reducer releases the audio (a stop, the end, a long pause), the sound
/// card is closed and the amplifier's shutdown line driven to off. Before the next sound (play, resume,
/// an announcement) the line comes on again and the amplifier gets its start-up time, so there is no pop.
public final class AudioPowerOutput: AudioOutput {
  private let sink: any PCMSink
  private let amplifier: AmplifierSwitch?

  public init(sink: any PCMSink, amplifier: AmplifierSwitch?) {
    self.sink = sink
    self.amplifier = amplifier
  }

  public func fadeOut(seconds: Double) { (sink as? FadingSink)?.fadeOut(seconds: seconds) }
  public func restoreVolume() { (sink as? FadingSink)?.restoreVolume() }
  public func setVolume(_ percent: Int) { (sink as? FadingSink)?.setVolume(percent) }

  public func deactivate() {
    sink.release()
    amplifier?.set(on: false)
  }

  public func activate() {
    guard let amplifier, amplifier.set(on: true), amplifier.startupSeconds > 0 else { return }
    // Tens of milliseconds, once after the box was quiet; the sound waits for the amplifier.
    usleep(useconds_t(amplifier.startupSeconds * 1_000_000))
  }
}

/// A GPIO line that switches the amplifier (libgpiod through the CGPIOD shim, requested as an output and held).
public final class AmplifierSwitch: Sendable {
  private nonisolated(unsafe) let chip: OpaquePointer
  private nonisolated(unsafe) let line: OpaquePointer
  private let activeLow: Bool
  public let startupSeconds: Double
  private let isOn = Mutex(false)
  private let released = Mutex(false)

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Requests the line, switched off.
  public init(_ config: AmplifierLine) throws(Failure) {
    guard let chip = folio_gpio_chip_open(config.chip) else {
      throw Failure(
        description:
          "cannot open the GPIO chip '\(config.chip)' for the amplifier: \(String(cString: strerror(errno))); check \"amplifier.chip\" (gpiodetect lists the chips)"
      )
    }
    let named = folio_gpio_line_offset(chip, config.line)
    let offset: UInt32? =
      named >= 0
      ? UInt32(named) : UInt32(config.line).flatMap { $0 < folio_gpio_chip_line_count(chip) ? $0 : nil }
    guard let offset else {
      folio_gpio_chip_close(chip)
      throw Failure(
        description:
          "the amplifier's line '\(config.line)' is not on \(config.chip); check \"amplifier.line\" (gpioinfo lists the lines)"
      )
    }
    let off: Int32 = config.activeLow ? 1 : 0
    guard let line = folio_gpio_request_output(chip, offset, "foliotell-amplifier", off) else {
      let reason = String(cString: strerror(errno))
      folio_gpio_chip_close(chip)
      throw Failure(
        description: "cannot take the amplifier's line '\(config.line)': \(reason) (is another program using it?)")
    }
    self.chip = chip
    self.line = line
    activeLow = config.activeLow
    startupSeconds = config.startupSeconds
  }

  deinit { close() }

  /// Switches the amplifier off and lets go of its line (another box may take it); once.
  public func close() {
    guard
      !released.withLock({
        let was = $0; $0 = true; return was
      })
    else { return }
    _ = folio_gpio_set_value(line, activeLow ? 1 : 0)
    folio_gpio_release(line)
    folio_gpio_chip_close(chip)
  }

  /// Switches it; returns whether it was off before.
  @discardableResult
  public func set(on: Bool) -> Bool {
    guard !released.withLock({ $0 }) else { return false }
    let wasOff = isOn.withLock { state in
      defer { state = on }
      return !state
    }
    _ = folio_gpio_set_value(line, (on != activeLow) ? 1 : 0)
    return wasOff
  }
}
