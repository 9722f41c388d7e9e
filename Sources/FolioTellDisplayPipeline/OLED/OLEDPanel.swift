import FolioTellViews

/// An SSD1306 or SH1106 module: set up on first use and again after a fault, then sent only what changed:
/// for each page that differs from what the panel shows, the run of columns from the first to the last
/// changed one.
public final class OLEDPanel {
  public let config: PanelConfig
  let transport: any I2CTransport
  /// What the panel's RAM holds, when known (nil before setup and after a fault).
  private var shown: Frame?
  private var brightness: UInt8?
  private var isOn = true

  public init(config: PanelConfig, transport: any I2CTransport) {
    self.config = config
    self.transport = transport
  }

  /// Shows the frame at the power given; returns the bytes it took. A fault leaves the panel to be set up
  /// again from scratch on the next call.
  @discardableResult
  public func show(_ frame: Frame, power: DisplayState.Power) throws(I2CError) -> Int {
    do {
      var sent = 0
      let wanted: UInt8
      switch power {
      case .off:
        if isOn || shown == nil {
          sent += try transport.send(control: PanelCommands.commandStream, PanelCommands.display(on: false))
          isOn = false
        }
        return sent
      case .on(let value): wanted = value
      }
      // Back from dark: set up and sent whole, for a module that lost its settings while off (unplugged
      // and plugged in again answers like one that never left).
      if !isOn { reset() }
      if shown == nil {
        sent += try transport.send(
          control: PanelCommands.commandStream, PanelCommands.initialization(config, brightness: wanted))
        brightness = wanted
        isOn = true
      }
      if brightness != wanted {
        sent += try transport.send(control: PanelCommands.commandStream, PanelCommands.brightness(wanted))
        brightness = wanted
      }
      sent += try sendChanges(frame)
      if !isOn {
        sent += try transport.send(control: PanelCommands.commandStream, PanelCommands.display(on: true))
        isOn = true
      }
      return sent
    } catch {
      shown = nil
      brightness = nil
      throw error
    }
  }

  private func sendChanges(_ frame: Frame) throws(I2CError) -> Int {
    var sent = 0
    for page in 0..<min(frame.pages, config.height / 8) {
      let new = frame.page(page)
      var columns = 0..<min(frame.width, config.width)
      if let old = shown?.page(page) {
        let changed = zip(old.indices, new.indices).filter { old[$0.0] != new[$0.1] }.map { $0.1 - new.startIndex }
        guard let first = changed.first, let last = changed.last else { continue }
        columns = first..<(last + 1)
      }
      sent += try transport.send(
        control: PanelCommands.commandStream,
        PanelCommands.address(page: page, column: columns.lowerBound + config.columnOffset))
      sent += try transport.send(
        control: PanelCommands.dataStream,
        Array(new[(new.startIndex + columns.lowerBound)..<(new.startIndex + columns.upperBound)]))
    }
    shown = frame
    return sent
  }

  /// Sends the brightness it already has: harmless, and a module that is gone does not answer.
  public func probe() throws(I2CError) {
    do {
      try transport.send(
        control: PanelCommands.commandStream,
        isOn ? PanelCommands.brightness(brightness ?? 0x80) : PanelCommands.display(on: false))
    } catch {
      reset()
      throw error
    }
  }

  /// Forget what the panel shows: the next frame sets it up and sends everything.
  public func reset() {
    shown = nil
    brightness = nil
  }
}
