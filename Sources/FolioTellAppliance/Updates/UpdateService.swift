import FolioTellCore
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
import Synchronization

/// Update bundles on drives and their installation, through RAUC's command line (which asks the RAUC
/// service, running as root, over D-Bus): the other half of the `installUpdate` and `restartForUpdate`
/// effects. Only on a system with RAUC and its `/etc/rauc/system.conf` (the box's image); elsewhere there
/// is no service and no update is looked for.
final class UpdateService: Sendable {
  let system: UpdateSystem
  private let report: @Sendable (String) -> Void
  /// Bundles already offered or refused, by path: each is said once while its drive stays in.
  private let known = Mutex<Set<String>>([])
  private let offered = Mutex<String?>(nil)
  private let worker = PassingWorker(name: "foliotell.update")

  init(system: UpdateSystem, report: @escaping @Sendable (String) -> Void) {
    self.system = system
    self.report = report
  }

  /// Looks on the drives for bundles (after each scan of the library, which follows the drives coming and
  /// going): a new one is checked by RAUC and offered or refused; the offered one gone is said gone.
  func look(into runtime: BoxRuntime) {
    let bundles = system.bundlesOnDrives()
    let present = Set(bundles)
    known.withLock { $0.formIntersection(present) }
    if let path = offered.withLock({ $0 }), !present.contains(path) {
      offered.withLock { $0 = nil }
      runtime.post(.update(.gone(path: path)))
    }
    for path in bundles where known.withLock({ $0.insert(path).inserted }) {
      switch system.check(path) {
      case .offer(let offer):
        if offer.version == system.runningVersion {
          report("update: \(path) brings version \(offer.version), which this box runs already; not offered")
          continue
        }
        report("update: \(path) brings version \(offer.version): offered")
        offered.withLock { $0 = path }
        runtime.post(.update(.found(offer)))
      case .refused(let reason, let why):
        report("update: \(path) is refused: \(why)")
        runtime.post(.update(.refused(file: path, reason: reason)))
      }
    }
  }

  /// Installs on the update thread; progress, then the end, come back as events.
  func install(_ path: String, into runtime: BoxRuntime) {
    worker.run { [system, report] in
      report("update: installing \(path)")
      let result = system.install(path) { percent in runtime.post(.update(.progress(percent: percent))) }
      switch result {
      case .success(let version):
        report("update: version \(version) is installed; the box restarts into slot \(system.otherSlot ?? "?")")
        runtime.post(.update(.installed))
      case .failure(let why):
        report("update: installing \(path) failed: \(why.reason)")
        runtime.post(.update(.failed(reason: why.reason)))
      }
    }
  }

  /// Asks systemd to restart the box (the image's foliotell-restart.path watches for the file).
  func restart() {
    report("update: restarting to finish the update")
    system.requestRestart()
  }

  /// At start: what became of the update installed before this boot, if one was (said after the greeting).
  func outcomeAtStart(into runtime: BoxRuntime) {
    guard let outcome = system.takeOutcome() else { return }
    switch outcome {
    case .updated(let version): report("update: this box now runs version \(version)")
    case .fellBack(let version):
      report("update: version \(version) did not start; the box runs the slot it ran before, as it was")
    }
    runtime.post(.update(.outcome(outcome)))
  }
}
