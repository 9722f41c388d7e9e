import Foundation

/// Runs the project's scripts and Debian's tools from the tests, as a user would from the shell.
enum Shell {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  struct Result {
    var status: Int32
    var output: String
  }

  /// Runs `command` with bash in the package root; standard output and error together.
  @discardableResult
  static func run(_ command: String, environment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = packageRoot
    var env = ProcessInfo.processInfo.environment
    env["PATH"] = "/opt/swift/usr/bin:" + (env["PATH"] ?? "/usr/bin:/bin")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }

  static func has(_ tool: String) -> Bool { (try? run("command -v \(tool)"))?.status == 0 }

  static func temporaryFolder() -> String {
    let folder = NSTemporaryDirectory() + "foliotell-image-tests-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }
}
