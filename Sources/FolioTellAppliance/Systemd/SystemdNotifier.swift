import FoundationEssentials
import Glibc

/// systemd's notify protocol without libsystemd: one datagram per message to the socket named by
/// `NOTIFY_SOCKET` (a path, or an abstract name starting with "@"). See sd_notify(3). With no socket (not
/// started by systemd) every call does nothing.
public final class SystemdNotifier: Sendable {
  private let address: String?
  /// Half of `WATCHDOG_USEC` (when it is meant for this process): how often the funnel must ping.
  public let watchdogInterval: Double?

  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let socket = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    address = socket
    var interval: Double?
    if socket != nil, let text = environment["WATCHDOG_USEC"], let usec = Double(text), usec > 0 {
      // WATCHDOG_PID, when set, names the process the watchdog is for.
      let pid = environment["WATCHDOG_PID"].flatMap { Int32($0) }
      if pid == nil || pid == getpid() { interval = usec / 2 / 1_000_000 }
    }
    watchdogInterval = interval
  }

  public var isEnabled: Bool { address != nil }

  public func ready() { send("READY=1") }
  public func watchdog() { send("WATCHDOG=1") }
  public func stopping() { send("STOPPING=1") }
  public func reloading() { send("RELOADING=1") }
  /// One line of status, as `systemctl status` shows it.
  public func status(_ text: String) {
    send("STATUS=" + text.replacing("\n", with: " "))
  }

  /// Sends one message; a failure (systemd gone) is not the box's problem and is ignored.
  public func send(_ message: String) {
    guard let address else { return }
    let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var addr = sockaddr_un()
    addr.sun_family = sa_family_t(AF_UNIX)
    var path = Array(address.utf8)
    // An abstract socket's name starts with a zero byte instead of "@".
    if path.first == UInt8(ascii: "@") { path[0] = 0 }
    let capacity = MemoryLayout.size(ofValue: addr.sun_path)
    guard path.count < capacity else { return }
    withUnsafeMutableBytes(of: &addr.sun_path) { bytes in
      for (index, byte) in path.enumerated() { bytes[index] = byte }
    }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path.first == 0 ? 0 : 1))
    let bytes = Array(message.utf8)
    _ = withUnsafePointer(to: &addr) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bytes.withUnsafeBufferPointer { buffer in
          sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), socketAddress, length)
        }
      }
    }
  }
}
