import FolioTellAppliance
import FolioTellConfig
import FolioTellCore
import FolioTellRuntime
import FolioTellSystem
import Foundation
import Glibc
import Synchronization

/// `foliotell run`: the box's daemon, as systemd starts it. Reads the config (and the board it names),
/// opens the last book at its place and says so, talks systemd's notify protocol, saves and exits on
/// SIGTERM, and reloads the config on SIGHUP.
enum RunCommand {
  static func run(_ arguments: [String]) {
    let options = ConfigOptions.parse(arguments, command: "run")
    let configPath = options.configPath
    let board = options.board

    // One event loop for the whole box, on this (the main) thread: the controls, the library, the timers
    // and the signals, through a signalfd. The signals are blocked before any other thread is made.
    let loop: EventLoop
    do {
      loop = try EventLoop()
    } catch {
      fail("cannot make the event loop: \(error)", status: 1)
    }
    let notifier = SystemdNotifier()
    let config: ApplianceConfig
    do {
      config = try ApplianceConfig.load(path: configPath, board: board)
    } catch {
      fail("\(error)")
    }
    let running = Mutex<Appliance?>(nil)
    do {
      try loop.handle(signals: [SIGTERM, SIGINT, SIGHUP]) { number in
        if number == SIGHUP {
          notifier.reloading()
          do {
            let reloaded = try ApplianceConfig.load(path: configPath, board: board)
            log("reloading the config")
            running.withLock { $0 }?.stop()
            running.withLock { $0 = start(reloaded, notifier: notifier, loop: loop) }
          } catch {
            log("the config was not reloaded, the box goes on as it was: \(error)")
            notifier.ready()
          }
          return
        }
        notifier.stopping()
        running.withLock { $0 }?.stop()
        log("stopped; the place is saved")
        exit(0)
      }
    } catch {
      fail("cannot take the signals: \(error)", status: 1)
    }
    log(
      "starting with \(config.files.isEmpty ? "the built-in defaults" : config.files.joined(separator: " and ")); data in \(config.dataDirectory)"
    )
    running.withLock { $0 = start(config, notifier: notifier, loop: loop) }
    loop.run()
  }

  static func start(_ config: ApplianceConfig, notifier: SystemdNotifier, loop: EventLoop) -> Appliance {
    var session = Session()
    session.greet = true
    session.traceRing = true
    let appliance: Appliance
    do {
      appliance = try Appliance(config: config, platform: .device, session: session, loop: loop, report: log)
    } catch {
      fail("\(error)", status: error.exitStatus)
    }
    let lastStatus = Mutex("")
    appliance.runtime.observe { step in
      if case .poweredOn = step.event { notifier.ready() }
      if let line = StatusLine.log(before: step.before, after: step.after, event: step.event) { log(line) }
      let status = StatusLine.status(of: step.after)
      if lastStatus.withLock({
        let changed = $0 != status; $0 = status; return changed
      }) {
        notifier.status(status)
      }
    }
    let heartbeat = notifier.watchdogInterval.map { interval in
      (interval: interval, action: { @Sendable in notifier.watchdog() })
    }
    appliance.start(heartbeat: heartbeat)
    return appliance
  }

  static func log(_ message: String) {
    FileHandle.standardError.write(Data("foliotell: \(message)\n".utf8))
  }
}
