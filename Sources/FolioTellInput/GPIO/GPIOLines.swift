import CGPIOD
import FolioTellControls
import Glibc

/// Why the GPIO lines could not be used, said so a person knows what to check.
public struct GPIOError: Error, CustomStringConvertible, Equatable {
  public var description: String
  /// The line is held by foliotell itself: the running box (doctor is run beside it).
  public var heldByFolioTell = false
}

/// The wiring's lines requested from the kernel through libgpiod (v1 API): both edges, with the kernel's
/// timestamps, pull-up bias for active-low lines where the kernel supports bias. Each line's event fd is
/// read by the input loop (no polling).
public final class GPIOLines {
  struct Line {
    let name: String
    let handle: OpaquePointer
    let fd: Int32
  }

  private let chip: OpaquePointer
  private(set) var lines: [Line] = []

  /// `source` names the board or config file the wiring came from, for the messages.
  init(wiring: ControlWiring, source: String) throws(GPIOError) {
    guard let chip = gpiod_chip_open_lookup(wiring.chip) else {
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

  private func request(_ name: String, pullUp: Bool, chipName: String, source: String) throws(GPIOError) -> Line {
    let found: OpaquePointer? =
      Int32(name).map { gpiod_chip_get_line(chip, UInt32($0)) } ?? gpiod_chip_find_line(chip, name)
    guard let line = found else {
      throw GPIOError(
        description:
          "GPIO line '\(name)' (from \(source)) does not exist on chip '\(chipName)'; `gpioinfo \(chipName)` lists its lines by name and offset"
      )
    }
    var result = gpiod_line_request_both_edges_events_flags(
      line, "foliotell", pullUp ? Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP) : 0)
    // Kernels before 5.5 have no bias setting: the board's own pull-ups (or an overlay) must do.
    if result != 0, pullUp, errno == EINVAL || errno == EOPNOTSUPP {
      result = gpiod_line_request_both_edges_events_flags(line, "foliotell", 0)
    }
    guard result == 0 else {
      let code = errno
      let holder = gpiod_line_consumer(line).map { String(cString: $0) }
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
    return Line(name: name, handle: line, fd: gpiod_line_event_get_fd(line))
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
    var events = [gpiod_line_event](repeating: gpiod_line_event(), count: 16)
    let count = gpiod_line_event_read_fd_multiple(line.fd, &events, UInt32(events.count))
    if count < 0 { return errno == EAGAIN || errno == EINTR ? [] : nil }
    guard count > 0 else { return [] }
    let rising = Int32(GPIOD_LINE_EVENT_RISING_EDGE)
    return events[0..<Int(count)].map { event -> (time: Double, level: Int) in
      let seconds = Double(event.ts.tv_sec) + Double(event.ts.tv_nsec) / 1e9
      return (seconds, event.event_type == rising ? 1 : 0)
    }
  }

  func level(_ line: Line) -> Int { Int(gpiod_line_get_value(line.handle)) }

  func close() {
    for line in lines { gpiod_line_release(line.handle) }
    lines = []
    gpiod_chip_close(chip)
  }
}
