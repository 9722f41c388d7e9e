import FolioTellViews
import FolioTellSystem
import FoundationEssentials
import Glibc

/// Where frames go: the OLED, a folder of PNG snapshots, or the terminal.
public protocol FrameOutput: AnyObject {
  /// Shows a frame; returns the bytes it sent (0 when nothing changed); throws when the device does not
  /// answer (the pipeline retries).
  @discardableResult
  func show(_ frame: Frame, power: DisplayState.Power) throws(I2CError) -> Int
  /// Asks the device whether it is still there, changing nothing it shows.
  func probe() throws(I2CError)
  var name: String { get }
}

extension FrameOutput {
  public func probe() throws(I2CError) {}
}

extension OLEDPanel: FrameOutput {
  public var name: String { "\(config.controller.rawValue) on \(config.bus) at 0x\(String(config.address, radix: 16))" }
}

/// Every new frame as a numbered PNG in a folder (`frame-000001.png`, ...), drawn as the panel would
/// show it: dark when off, dimmer pixels when dimmed.
public final class PNGFolderOutput: FrameOutput {
  public let folder: String
  private var count = 0
  private var last: (Frame, DisplayState.Power)?

  public init(folder: String) throws(I2CError) {
    self.folder = folder
    do {
      try Folders.make(folder)
    } catch {
      throw I2CError(description: "cannot make the snapshot folder \(folder): \(error)")
    }
  }

  public var name: String { "PNG snapshots in \(folder)" }

  @discardableResult
  public func show(_ frame: Frame, power: DisplayState.Power) throws(I2CError) -> Int {
    if let last, last.0 == frame, last.1 == power { return 0 }
    last = (frame, power)
    count += 1
    let level: UInt8
    switch power {
    case .off: level = 0
    case .on(let brightness): level = UInt8(min(255, 96 + Int(brightness) * 159 / 255))
    }
    let path = folder + "/" + String(printf: "frame-%06ld.png", count)
    let png = ImageFormats.png(frame, scale: 2, lit: (level, level, level))
    guard FileManager.default.createFile(atPath: path, contents: Data(png)) else {
      throw I2CError(description: "cannot write \(path) (is the disk full?)")
    }
    return png.count
  }
}

/// The frame in the terminal with half blocks, redrawn in place at the top of the screen.
public final class TerminalOutput: FrameOutput {
  private let write: (String) -> Void
  private var last: Frame?

  public init(write: @escaping (String) -> Void = { WritableFile.standardOutput.print($0) }) {
    self.write = write
  }

  public var name: String { "the terminal" }

  @discardableResult
  public func show(_ frame: Frame, power: DisplayState.Power) throws(I2CError) -> Int {
    let shown = power == .off ? Frame(width: frame.width, height: frame.height) : frame
    guard shown != last else { return 0 }
    last = shown
    let border = "+" + String(repeating: "-", count: shown.width) + "+"
    let lines = ImageFormats.terminal(shown).map { "|" + $0 + "|" }
    // Home, the frame, then clear what is below it.
    let text = "\u{1B}[H" + ([border] + lines + [border]).joined(separator: "\r\n") + "\r\n\u{1B}[J"
    write(text)
    return text.utf8.count
  }
}
