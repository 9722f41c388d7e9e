import FolioTellAppliance
import FolioTellConfig
import FolioTellCore
import FolioTellRuntime
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

    // The signals are taken by this thread alone (sigwait below): every thread made from here on has them blocked.
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, number) }
    pthread_sigmask(SIG_BLOCK, &signals, nil)

    let notifier = SystemdNotifier()
    var config: ApplianceConfig
    do {
      config = try ApplianceConfig.load(path: configPath, board: board)
    } catch {
      fail("\(error)")
    }
    log("starting with \(config.files.isEmpty ? "the built-in defaults" : config.files.joined(separator: " and ")); data in \(config.dataDirectory)")
    var appliance = start(config, notifier: notifier)
    while true {
      var number: Int32 = 0
      sigwait(&signals, &number)
      if number == SIGHUP {
        notifier.reloading()
        do {
          let reloaded = try ApplianceConfig.load(path: configPath, board: board)
          log("reloading the config")
          appliance.stop()
          config = reloaded
          appliance = start(config, notifier: notifier)
        } catch {
          log("the config was not reloaded, the box goes on as it was: \(error)")
          notifier.ready()
        }
        continue
      }
      notifier.stopping()
      appliance.stop()
      log("stopped; the place is saved")
      exit(0)
    }
  }

  static func start(_ config: ApplianceConfig, notifier: SystemdNotifier) -> Appliance {
    var session = Session()
    session.greet = true
    session.traceRing = true
    let appliance: Appliance
    do {
      appliance = try Appliance(config: config, platform: .device, session: session, report: log)
    } catch {
      fail("\(error)", status: error.exitStatus)
    }
    let lastStatus = Mutex("")
    appliance.runtime.observe { step in
      if case .poweredOn = step.event { notifier.ready() }
      if let line = StatusLine.log(before: step.before, after: step.after, event: step.event) { log(line) }
      let status = StatusLine.status(of: step.after)
      if lastStatus.withLock({ let changed = $0 != status; $0 = status; return changed }) { notifier.status(status) }
    }
    let heartbeat = notifier.watchdogInterval.map { interval in (interval: interval, action: { @Sendable in notifier.watchdog() }) }
    appliance.start(heartbeat: heartbeat)
    return appliance
  }

  static func log(_ message: String) {
    FileHandle.standardError.write(Data("foliotell: \(message)\n".utf8))
  }
}
