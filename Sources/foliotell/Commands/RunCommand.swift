import FolioTellAppliance
import FolioTellJSON
import FolioTellCore
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
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
    if let problem = config.voiceProblem { fail(problem) }
    let running = Mutex<Running?>(nil)
    do {
      try loop.handle(signals: [SIGTERM, SIGINT, SIGHUP]) { number in
        if number == SIGHUP {
          notifier.reloading()
          let reloaded: ApplianceConfig
          do {
            reloaded = try ApplianceConfig.load(path: configPath, board: board)
            if let problem = reloaded.voiceProblem { throw ConfigVoiceError(message: problem) }
          } catch {
            log("the config was not reloaded, the box goes on as it was: \(error)")
            notifier.ready()
            return
          }
          let lexicon = reloaded.lexicon.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
          if let current = running.withLock({ $0 }), current.config == reloaded, current.lexicon == lexicon {
            // Nothing to apply: the box goes on exactly as it was, reading, paused or in the menu.
            log("the config is unchanged; the box goes on as it was")
            notifier.ready()
            return
          }
          log("reloading the config")
          // The old box lets go of the store, the sound card and the amplifier's line before the new one
          // takes them; the new one takes over the listener's side (reading, the menu, the sleep timer)
          // without a greeting. A new box that cannot start gives way to the old config again.
          let taken = running.withLock { current -> Running? in
            defer { current = nil }
            return current
          }
          guard let old = taken else { return }
          let carried = CarriedOver(
            from: old.box.runtime.snapshot, keepsLibrary: old.config.bookFolders == reloaded.bookFolders)
          old.box.stop()
          do {
            let box = try start(reloaded, notifier: notifier, loop: loop, carriedOver: carried)
            running.withLock { $0 = Running(box: box, config: reloaded, lexicon: lexicon) }
          } catch {
            log("the config was not reloaded, the box goes on as it was: \(error)")
            do {
              let box = try start(old.config, notifier: notifier, loop: loop, carriedOver: carried)
              running.withLock { $0 = Running(box: box, config: old.config, lexicon: old.lexicon) }
            } catch {
              fail("\(error)", status: (error as? ApplianceError)?.exitStatus ?? 1)
            }
          }
          return
        }
        notifier.stopping()
        let box = running.withLock { $0 }?.box
        box?.stop()
        log(box?.log != nil ? "stopped; the place is saved" : "stopped; the place was not kept (the data folder could not be used)")
        exit(0)
      }
    } catch {
      fail("cannot take the signals: \(error)", status: 1)
    }
    log(
      "starting with \(config.files.isEmpty ? "the built-in defaults" : config.files.joined(separator: " and ")); data in \(config.dataDirectory)"
    )
    do {
      let box = try start(config, notifier: notifier, loop: loop)
      let lexicon = config.lexicon.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
      running.withLock { $0 = Running(box: box, config: config, lexicon: lexicon) }
    } catch {
      fail("\(error)", status: error.exitStatus)
    }
    loop.run()
  }

  /// The box that runs, the config it was built from, and its lexicon's text (a reload with the same
  /// config and lexicon changes nothing).
  struct Running {
    var box: Appliance
    var config: ApplianceConfig
    var lexicon: String?
  }

  static func start(
    _ config: ApplianceConfig, notifier: SystemdNotifier, loop: EventLoop, carriedOver: CarriedOver? = nil
  ) throws(ApplianceError) -> Appliance {
    var session = Session()
    session.greet = true
    session.carriedOver = carriedOver
    session.traceRing = true
    let appliance = try Appliance(config: config, platform: .device, session: session, loop: loop, report: log)
    let lastStatus = Mutex("")
    let firstWord = FirstWordMarker(folder: Appliance.runtimeFolder())
    appliance.runtime.observe { step in
      if case .poweredOn = step.event { notifier.ready() }
      firstWord.stepped(step.event)
      if case .reloaded = step.event { notifier.ready() }
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
    WritableFile.standardError.print("foliotell: \(message)\n")
  }
}

/// A config whose voice is not installed: `run` stops on it, as on any mistake in the config.
struct ConfigVoiceError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

extension ApplianceConfig {
  /// The config's `voice`, when espeak-ng has no such voice: what is wrong, where, and how to fix it.
  var voiceProblem: String? {
    guard let voice, let problem = Voices.problem(withVoice: voice) else { return nil }
    let file = files.last ?? "the config"
    return "\(file): voice: \(problem)"
  }
}
