import FoundationEssentials
import Glibc

/// `--config FILE` and `--board NAME`, as `run` and `doctor` take them: the config defaults to
/// /etc/foliotell/config.json when that exists.
struct ConfigOptions {
  static let defaultConfig = "/etc/foliotell/config.json"

  var configPath: String?
  var board: String?

  static func parse(_ arguments: [String], command: String) -> ConfigOptions {
    var options = ConfigOptions()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--config":
        guard let value = rest.popFirst() else {
          fail("--config needs a file: foliotell \(command) --config \(defaultConfig)")
        }
        options.configPath = value
      case "--board":
        guard let value = rest.popFirst() else { fail("--board needs a name, like raspberry-pi") }
        options.board = value
      default:
        fail("\(command): unknown option '\(argument)'; use: foliotell \(command) [--config FILE] [--board NAME]")
      }
    }
    if options.configPath == nil, FileManager.default.fileExists(atPath: defaultConfig) {
      options.configPath = defaultConfig
    }
    return options
  }
}
