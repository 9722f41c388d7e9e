import CGPIOD
import FolioTellControls
import Glibc

/// Why the GPIO lines could not be used, said so a person knows what to check.
public struct GPIOError: Error, CustomStringConvertible, Equatable {
  public var description: String
  /// The line is held by foliotell itself: the running box (doctor is run beside it).
  public var heldByFolioTell = false
}

/// The wiring's lines requested from the kernel through libgpiod (1.6 or 2.x, behind the CGPIOD shim): both
/// edges, with the kernel's timestamps, pull-up bias for active-low lines where the kernel supports bias.
/// Each line's event fd is read by the input loop (no polling).
public final class GPIOLines {
  struct Line {
    let name: String
    let handle: OpaquePointer
    let fd: Int32
  }

  private let chip: OpaquePointer
  private(set) var lines: [Line] = []

  /// libgpiod's version as the library reports it, and the API the box was built for ("2.2.1 (v2 API)").
  public static var libraryDescription: String {
    "\(String(cString: folio_gpio_library_version())) (v\(folio_gpio_api_major()) API)"
  }

  /// `source` names the board or config file the wiring came from, for the messages.
  init(wiring: ControlWiring, source: String) throws(GPIOError) {
    guard let chip = folio_gpio_chip_open(wiring.chip) else {
      let code = errno
      let why =
        code == EACCES || code == EPERM
        ? "permission denied: run foliotell as root, or add its user to the group that owns the chip's device in /dev (often 'gpio')"
        : "no such GPIO chip on this machine; `gpiodetect` lists the chips, and \(source) must name one of them (as \"chip\")"
      throw GPIOError(description: "GPIO chip '\(wiring.chip)' (from \(source)): \(why)")
    }
    self.chip = chip
    let activeLow = Dictionary(
      (wiring.buttons.map { ($0.line, $0.activeLow) }
        + wiring.encoders.flatMap { [($0.a, $0.activeLow), ($0.b, $0.activeLow)] }),
      uniquingKeysWith: { first, _ in first })
    do {
      for name in wiring.lines {
        lines.append(try request(name, pullUp: activeLow[name] ?? true, chipName: wiring.chip, source: source))
      }
    } catch {
      close()
      throw error
    }
  }

  /// A line's offset on the chip: by its name, or a number below the chip's line count.
  static func offset(of name: String, on chip: OpaquePointer) -> UInt32? {
    let named = folio_gpio_line_offset(chip, name)
    if named >= 0 { return UInt32(named) }
    guard let number = UInt32(name), number < folio_gpio_chip_line_count(chip) else { return nil }
    return number
  }

  /// Who holds the line, when it is in use.
  static func holder(of offset: UInt32, on chip: OpaquePointer) -> String? {
    var consumer = [CChar](repeating: 0, count: 64)
    guard folio_gpio_line_consumer(chip, offset, &consumer, consumer.count) == 1 else { return nil }
    return String(decoding: consumer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private func request(_ name: String, pullUp: Bool, chipName: String, source: String) throws(GPIOError) -> Line {
    guard let offset = Self.offset(of: name, on: chip) else {
      throw GPIOError(
        description:
          "GPIO line '\(name)' (from \(source)) does not exist on chip '\(chipName)'; `gpioinfo \(chipName)` lists its lines by name and offset"
      )
    }
    guard let handle = folio_gpio_request_edges(chip, offset, "foliotell", pullUp ? 1 : 0) else {
      let code = errno
      let holder = Self.holder(of: offset, on: chip)
      let why: String
      switch code {
      case EBUSY:
        why =
          "it is already in use\(holder.map { " by '\($0)'" } ?? ""); stop that program or free the line in the device tree (an overlay may claim it)"
      case EACCES, EPERM:
        why = "permission denied: run foliotell as root, or add its user to the group that owns /dev/\(chipName)"
      default: why = String(cString: strerror(code))
      }
      throw GPIOError(
        description: "GPIO line '\(name)' on chip '\(chipName)' (from \(source)) cannot be used: \(why)",
        heldByFolioTell: code == EBUSY && holder == "foliotell")
    }
    return Line(name: name, handle: handle, fd: folio_gpio_line_fd(handle))
  }

  /// Whether every line of the wiring exists on its chip and is free: requests them all, then lets go.
  /// The error names the chip or line, the file it came from, and what to do.
  public static func check(_ wiring: ControlWiring, source: String) throws(GPIOError) {
    let lines = try GPIOLines(wiring: wiring, source: source)
    lines.close()
  }

  /// The edges waiting on one line's fd: (seconds on the kernel's monotonic clock, level).
  /// nil when the line cannot be read (its chip is gone).
  func readEdges(_ line: Line) -> [(time: Double, level: Int)]? {
    var edges = [folio_gpio_edge](repeating: folio_gpio_edge(), count: 16)
    let count = folio_gpio_read_edges(line.handle, &edges, Int32(edges.count))
    if count < 0 { return nil }
    return edges[0..<Int(count)].map { edge -> (time: Double, level: Int) in
      (Double(edge.seconds) + Double(edge.nanoseconds) / 1e9, edge.rising != 0 ? 1 : 0)
    }
  }

  func level(_ line: Line) -> Int { Int(folio_gpio_get_value(line.handle)) }

  func close() {
    for line in lines { folio_gpio_release(line.handle) }
    lines = []
    folio_gpio_chip_close(chip)
  }
}
