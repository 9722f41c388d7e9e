import FolioTellSystem
import FoundationEssentials
import Glibc

/// `foliotell bench all [--out FILE]`: every benchmark, each in a child process, one after another; their
/// own output as they finish, then one Markdown table of every figure with a target: what was measured,
/// the target, and whether it was met. The table is also written to FILE (default `bench-results.md`).
enum BenchAll {
  static let benchmarks = ["speech", "store", "controls", "display", "latency", "idle", "memory", "books", "narration", "library"]

  static func run(_ arguments: [String]) {
    var out = "bench-results.md"
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      guard argument == "--out", let file = rest.popFirst() else { fail("bench all: unknown option '\(argument)'; use --out FILE") }
      out = file
    }
    var figures: [[String]] = []
    var failed: [String] = []
    let started = ContinuousClock.now
    for name in benchmarks {
      print("## bench \(name)")
      let result: Subprocess.Result
      do {
        result = try Subprocess.run(CommandLine.arguments[0], ["bench", name])
      } catch {
        failed.append("\(name) (\(error))")
        continue
      }
      for line in result.output.split(separator: "\n", omittingEmptySubsequences: false) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        if fields.count == 6, fields[0] == "figure" {
          // A figure reported twice (the narrated books are in both books and narration) is kept once, the last.
          figures.removeAll { $0[1] == fields[1] && $0[2] == fields[2] }
          figures.append(fields)
        } else {
          print(line)
        }
      }
      if result.status != 0 { failed.append("\(name) (exit status \(result.status.map(String.init) ?? "a signal"))") }
    }
    let minutes = BenchCommand.seconds(ContinuousClock.now - started) / 60
    var table = "| benchmark | figure | measured | target | met |\n| --- | --- | --- | --- | --- |\n"
    for row in figures { table += "| " + row[1...].map { $0.replacing("|", with: "/") }.joined(separator: " | ") + " |\n" }
    let met = figures.filter { $0[5] == "met" }.count
    let summary =
      "\(met) of \(figures.count) figures met their targets; every benchmark run here, release build, in \(String(printf: "%.0f", minutes)) minutes"
      + (failed.isEmpty ? "." : "; these did not finish: \(failed.joined(separator: ", ")).")
    print("")
    print(table + "\n" + summary)
    do {
      let file = try WritableFile(path: out, opening: .truncate)
      try file.write(table + "\n" + summary + "\n")
      try file.close()
      print("(the table is in \(out))")
    } catch {
      print("could not write \(out): \(error)")
    }
    if !failed.isEmpty { exit(1) }
  }
}
