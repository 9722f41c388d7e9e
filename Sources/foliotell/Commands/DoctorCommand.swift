import FolioTellAppliance
import FoundationEssentials
import Glibc

/// `foliotell doctor [--config FILE] [--board NAME]`: each configured part, checked; exit 0 only when all is well.
enum DoctorCommand {
  static func run(_ arguments: [String]) {
    let options = ConfigOptions.parse(arguments, command: "doctor")
    let configPath = options.configPath
    let board = options.board
    let config: ApplianceConfig
    do {
      config = try ApplianceConfig.load(path: configPath, board: board)
    } catch {
      // As `run` would stop on it: a config that cannot be read is a usage error, not a part that fails.
      print("FAIL config: \(error)")
      exit(2)
    }
    print("ok   config: \(config.files.isEmpty ? "the built-in defaults" : config.files.joined(separator: " and "))")
    let checks = Doctor.run(config)
    for check in checks { print(check.line) }
    let failed = checks.filter { $0.problem != nil }.count
    print(failed == 0 ? "all is well" : "\(failed) problem\(failed == 1 ? "" : "s") to fix")
    exit(failed == 0 ? 0 : 1)
  }
}
