import FolioTellCore
import FolioTellSystem
import CGPIOD
import FoundationEssentials
import Glibc

/// The evdev devices in a folder (`/dev/input`): each `event*` opened (and grabbed, so its keys don't reach
/// a console), and the folder watched with inotify so devices plugged in or out while the box runs are
/// picked up. A device that disappears is reported once and opened again when it comes back. Every
/// descriptor (each device's, the inotify watch) is owned by a `FileDescriptor`: dropped, it is closed.
final class InputDevices {
  struct Device {
    let path: String
    let name: String
    let descriptor: FileDescriptor
    var parser = InputEventParser()
    var translator: EvdevTranslator

    var fd: Int32 { descriptor.raw }
  }

  let folder: String
  let grab: Bool
  let keys: [UInt16: ControlName]
  /// Paths already reported as unreadable, so each is said once.
  private var refused: Set<String> = []
  /// Devices with nothing the box understands (a power button, a PC speaker), said once and left alone.
  private var ignored: Set<String> = []
  /// The inotify descriptor (until `closeAll`).
  private var watcher: FileDescriptor?
  var watch: Int32 { watcher?.raw ?? -1 }
  private(set) var devices: [Int32: Device] = [:]
  private let report: (String) -> Void
  /// The folder's own watch; until the folder exists, its parent is watched for it instead.
  private var folderWatch: Int32 = -1
  private var parentWatch: Int32 = -1
  static let folderEvents = UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO)

  init(folder: String, grab: Bool, keys: [UInt16: ControlName], report: @escaping (String) -> Void) {
    self.folder = folder
    self.grab = grab
    self.keys = keys
    self.report = report
    let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    watcher = watch >= 0 ? FileDescriptor(watch) : nil
    folderWatch = inotify_add_watch(watch, folder, Self.folderEvents)
    guard folderWatch < 0 else { return }
    // No /dev/input yet (no input device was ever plugged in): wait for it to appear.
    let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
    parentWatch = inotify_add_watch(watch, parent.isEmpty ? "." : parent, UInt32(IN_CREATE | IN_MOVED_TO))
    report(
      parentWatch >= 0
        ? "no input devices yet: \(folder) does not exist; devices are used as soon as it appears"
        : "input devices cannot be watched: \(folder) (\(String(cString: strerror(errno)))); the other controls still work"
    )
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

  /// Handles the folder's changes; returns the fds opened (to watch). Devices removed are closed, which
  /// takes them out of epoll too.
  func folderChanged() -> [Int32] {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var opened: [Int32] = []
    while true {
      let count = read(watch, &buffer, buffer.count)
      guard count > 0 else { break }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let (descriptor, mask, length) = buffer.withUnsafeBytes { raw in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          return (event.wd, event.mask, Int(event.len))
        }
        let nameStart = offset + MemoryLayout<inotify_event>.size
        let name = String(decoding: buffer[nameStart..<(nameStart + length)].prefix { $0 != 0 }, as: UTF8.self)
        offset = nameStart + length
        if descriptor == parentWatch, parentWatch >= 0, name == folder.split(separator: "/").last.map(String.init) {
          folderWatch = inotify_add_watch(watch, folder, Self.folderEvents)
          if folderWatch >= 0 {
            inotify_rm_watch(watch, parentWatch)
            parentWatch = -1
            opened += openExisting()
          }
          continue
        }
        guard descriptor == folderWatch, name.hasPrefix("event") else { continue }
        let path = folder + "/" + name
        if mask & UInt32(IN_DELETE) != 0 {
          if let fd = devices.first(where: { $0.value.path == path })?.key { forget(fd, gone: true) }
        } else if !devices.values.contains(where: { $0.path == path }), let fd = open(path) {
          opened.append(fd)
        }
      }
    }
    return opened
  }

  private func open(_ path: String) -> Int32? {
    let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      // Not yet readable (udev sets the permissions just after the device appears): tried again on
      // IN_ATTRIB. Said once per device when it is a matter of permission.
      if errno == EACCES || errno == EPERM, refused.insert(path).inserted {
        report(
          "input device \(path) cannot be read: permission denied; run foliotell as root or add its user to the 'input' group"
        )
      }
      return nil
    }
    // Closed when this is dropped: on every way out below but the one that keeps the device.
    let descriptor = FileDescriptor(fd)
    var nameBytes = [CChar](repeating: 0, count: 256)
    let name = folio_evdev_name(fd, &nameBytes, Int32(nameBytes.count)) >= 0 ? String(cString: nameBytes) : path
    // A device with no key of the map and nothing that turns is not grabbed: the power button must
    // still reach logind, and a PC speaker has nothing to read.
    let hasKey = keys.keys.contains { folio_evdev_has(fd, Int32(InputEvent.key), Int32($0)) != 0 }
    let turns =
      EvdevTranslator.turningRelativeAxes.contains { folio_evdev_has(fd, Int32(InputEvent.relative), Int32($0)) != 0 }
      || folio_evdev_has(fd, Int32(InputEvent.absolute), 0) != 0
    guard hasKey || turns || folio_evdev_is_evdev(fd) == 0 else {
      if ignored.insert(path).inserted {
        report("input device \(path) (\(name)) has no key or knob the box uses; it is left to the system")
      }
      return nil
    }
    // Timestamps on the monotonic clock, like GPIO's and the box's timers.
    if folio_evdev_monotonic(fd) != 0, errno != ENOTTY {
      report("input device \(path) (\(name)) cannot use the monotonic clock; its presses are timed on arrival")
    }
    // A pointer (it has a Y axis) moves no encoder with its X axis.
    let isPointer =
      folio_evdev_has(fd, Int32(InputEvent.relative), 1) != 0 || folio_evdev_has(fd, Int32(InputEvent.absolute), 1) != 0
    var minimum: Int32 = 0
    var maximum: Int32 = 0
    let range = folio_evdev_abs_range(fd, 0, &minimum, &maximum) == 0 && maximum > minimum ? minimum...maximum : nil
    let translator = EvdevTranslator(keys: keys, xAxisTurns: !isPointer, absoluteRange: range)
    if grab, folio_evdev_grab(fd, 1) != 0, errno != ENOTTY {
      report(
        "input device \(path) (\(name)): could not grab it (\(String(cString: strerror(errno)))); its keys may also reach the console"
      )
    }
    devices[fd] = Device(path: path, name: name, descriptor: descriptor, translator: translator)
    refused.remove(path)
    report("input device \(path) (\(name)) is in use")
    return fd
  }

  /// The device's own input as controls.
  func translate(_ event: InputEvent, from fd: Int32) -> DeviceInput? { devices[fd]?.translator.translate(event) }

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
    if grab { _ = folio_evdev_grab(device.fd, 0) }
  }

  func closeAll() {
    for fd in devices.keys { forget(fd, gone: false) }
    watcher = nil
  }
}
