import CSystem
import Glibc

/// Runs a program and collects what it prints (the benchmarks' reference runs); Foundation's `Process` is
/// not in FoundationEssentials.
public enum Subprocess {
  public struct Result: Sendable {
    /// The exit status, or nil when it was ended by a signal.
    public var status: Int32?
    public var output: String
  }

  /// Starts `program` (a path, or a name looked up on PATH) with its standard error thrown away, and waits.
  public static func run(_ program: String, _ arguments: [String]) throws(SystemError) -> Result {
    var pipeEnds: [Int32] = [0, 0]
    try SystemCall.run("pipe") { folio_pipe_cloexec(&pipeEnds) }
    let reader = FileDescriptor(pipeEnds[0])
    let writer = pipeEnds[1]
    let pid: pid_t
    do {
      pid = try spawn(program, arguments) { actions in
        posix_spawn_file_actions_adddup2(&actions, writer, STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
      }
    } catch {
      close(writer)
      throw error
    }
    // Only the child keeps the writing end: the read below ends when the program does.
    close(writer)
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = try SystemCall.run("read from \(program)") {
        buffer.withUnsafeMutableBytes { read(reader.raw, $0.baseAddress, $0.count) }
      }
      if count == 0 { break }
      output += buffer[0..<count]
    }
    var status: Int32 = 0
    try SystemCall.run("wait for \(program)") { waitpid(pid, &status, 0) }
    // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
    let exit: Int32? = status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    return Result(status: exit, output: String(decoding: output, as: UTF8.self))
  }

  /// Starts `program` with its standard error joined to its output, hands `line` each line as it is
  /// printed (a long job's progress), and waits; the result holds the whole output.
  public static func run(
    _ program: String, _ arguments: [String], eachLine line: (String) -> Void
  ) throws(SystemError) -> Result {
    var pipeEnds: [Int32] = [0, 0]
    try SystemCall.run("pipe") { folio_pipe_cloexec(&pipeEnds) }
    let reader = FileDescriptor(pipeEnds[0])
    let writer = pipeEnds[1]
    let pid: pid_t
    do {
      pid = try spawn(program, arguments) { actions in
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writer, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, writer, STDERR_FILENO)
      }
    } catch {
      close(writer)
      throw error
    }
    close(writer)
    var output: [UInt8] = []
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = try SystemCall.run("read from \(program)") {
        buffer.withUnsafeMutableBytes { read(reader.raw, $0.baseAddress, $0.count) }
      }
      if count == 0 { break }
      output += buffer[0..<count]
      pending += buffer[0..<count]
      while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        line(String(decoding: pending[..<end], as: UTF8.self))
        pending.removeSubrange(...end)
      }
    }
    if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
    var status: Int32 = 0
    try SystemCall.run("wait for \(program)") { waitpid(pid, &status, 0) }
    let exit: Int32? = status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    return Result(status: exit, output: String(decoding: output, as: UTF8.self))
  }

  /// Starts `program` with its output thrown away and returns its process id at once (the caller waits
  /// for it with `waitpid`).
  public static func start(_ program: String, _ arguments: [String]) throws(SystemError) -> pid_t {
    try spawn(program, arguments) { actions in
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }
  }

  /// posix_spawnp with the file actions `redirect` sets up; the program is looked up on PATH.
  private static func spawn(
    _ program: String, _ arguments: [String], redirect: (inout posix_spawn_file_actions_t) -> Void
  ) throws(SystemError) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    redirect(&actions)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
    guard spawned == 0 else { throw SystemError(call: "start \(program)", code: spawned) }
    return pid
  }
}
