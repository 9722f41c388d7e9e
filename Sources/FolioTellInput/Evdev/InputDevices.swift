import CGPIOD
import Glibc

/// The evdev devices in a folder (`/dev/input`): each `event*` opened (and grabbed, so its keys don't reach
/// a console), and the folder watched with inotify so devices plugged in or out while the box runs are
/// picked up. A device that disappears is reported once and opened again when it comes back.
final class InputDevices {
  struct Device {
    let path: String
    let name: String
    let fd: Int32
    var parser = InputEventParser()
  }

  let folder: String
  let grab: Bool
  let watch: Int32
  private(set) var devices: [Int32: Device] = [:]
  private let report: (String) -> Void
  private var reportedMissing = false

  init(folder: String, grab: Bool, report: @escaping (String) -> Void) {
    self.folder = folder
    self.grab = grab
    self.report = report
    watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    if inotify_add_watch(watch, folder, UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO)) < 0 {
      report(
        "no input devices: the folder \(folder) cannot be watched (\(String(cString: strerror(errno)))); the other controls still work"
      )
    }
  }

  /// Opens every device already there; returns the fds now open.
  func openExisting() -> [Int32] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name.hasPrefix("event") { names.append(name) }
    }
    return names.sorted().compactMap { open(folder + "/" + $0) }
  }

  /// Handles the folder's changes; returns fds opened (to watch) and closed (to forget).
  func folderChanged() -> (opened: [Int32], closed: [Int32]) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var opened: [Int32] = []
    var closed: [Int32] = []
    while true {
      let count = read(watch, &buffer, buffer.count)
      guard count > 0 else { break }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let (mask, length) = buffer.withUnsafeBytes { raw in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          return (event.mask, Int(event.len))
        }
        let nameStart = offset + MemoryLayout<inotify_event>.size
        let name = String(decoding: buffer[nameStart..<(nameStart + length)].prefix { $0 != 0 }, as: UTF8.self)
        offset = nameStart + length
        guard name.hasPrefix("event") else { continue }
        let path = folder + "/" + name
        if mask & UInt32(IN_DELETE) != 0 {
          if let fd = devices.first(where: { $0.value.path == path })?.key { closed.append(fd); forget(fd, gone: true) }
        } else if !devices.values.contains(where: { $0.path == path }), let fd = open(path) {
          opened.append(fd)
        }
      }
    }
    return (opened, closed)
  }

  private func open(_ path: String) -> Int32? {
    let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    // Not yet readable (udev sets the permissions just after the device appears): tried again on IN_ATTRIB.
    guard fd >= 0 else { return nil }
    var nameBytes = [CChar](repeating: 0, count: 256)
    let name = folio_evdev_name(fd, &nameBytes, Int32(nameBytes.count)) >= 0 ? String(cString: nameBytes) : path
    // Timestamps on the monotonic clock, like GPIO's and the box's timers.
    _ = folio_evdev_monotonic(fd)
    if grab, folio_evdev_grab(fd, 1) != 0, errno != ENOTTY {
      report(
        "input device \(path) (\(name)): could not grab it (\(String(cString: strerror(errno)))); its keys may also reach the console"
      )
    }
    devices[fd] = Device(path: path, name: name, fd: fd)
    report("input device \(path) (\(name)) is in use")
    return fd
  }

  /// Reads what a device has; nil when it is gone (unplugged), after reporting it once and closing it.
  func readEvents(_ fd: Int32) -> [InputEvent]? {
    var buffer = [UInt8](repeating: 0, count: InputEvent.size * 64)
    var events: [InputEvent] = []
    while true {
      let count = read(fd, &buffer, buffer.count)
      if count > 0 {
        events += devices[fd]?.parser.feed(buffer[0..<count]) ?? []
        continue
      }
      if count < 0, errno == EAGAIN { return events }
      if count < 0, errno == EINTR { continue }
      forget(fd, gone: true)
      return nil
    }
  }

  private func forget(_ fd: Int32, gone: Bool) {
    guard let device = devices.removeValue(forKey: fd) else { return }
    if gone { report("input device \(device.path) (\(device.name)) disappeared; it is used again when it comes back") }
    if grab { _ = folio_evdev_grab(fd, 0) }
    close(fd)
  }

  func closeAll() {
    for fd in devices.keys { forget(fd, gone: false) }
    close(watch)
  }
}
