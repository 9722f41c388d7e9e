import FolioTellAppliance
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
import Glibc

/// `foliotell soak`: a night of reading on the virtual clock, with a seeded listener and power cuts, and
/// the promises checked (see SoakNight). Prints a Markdown table; exits 1 on any breach.
enum SoakCommand {
  static func run(_ arguments: [String]) {
    var hours = 8.0
    var seed: UInt64 = UInt64(time(nil))
    var cuts: Int?
    var pressesPerHour = 1250.0
    var folder: String?
    var rest = arguments[...]
    func value(for flag: String) -> String {
      guard let value = rest.popFirst() else { fail("\(flag) needs a value") }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--hours":
        let text = value(for: argument)
        guard let number = Double(text), number > 0, number <= 48 else { fail("--hours '\(text)': give virtual hours from 0.1 to 48, like 8 or 0.5") }
        hours = number
      case "--seed":
        let text = value(for: argument)
        guard let number = UInt64(text) else { fail("--seed '\(text)' is not a whole number from 0 up") }
        seed = number
      case "--cuts":
        let text = value(for: argument)
        guard let number = Int(text), (0...10_000).contains(number) else { fail("--cuts '\(text)': give 0 to 10000 power cuts") }
        cuts = number
      case "--presses-per-hour":
        let text = value(for: argument)
        guard let number = Double(text), number >= 1, number <= 20_000 else { fail("--presses-per-hour '\(text)': give 1 to 20000") }
        pressesPerHour = number
      case "--keep": folder = value(for: argument)
      default: fail("soak: unknown option '\(argument)'\n\(usage(of: "soak") ?? "")")
      }
    }
    let work = folder ?? temporaryFolder()
    var plan = SoakNight.Plan(dataDirectory: work + "/data", bookFolder: work + "/data/books")
    // As under systemd: the trace ring in the runtime directory (RAM), the store on the card.
    plan.config.traceFolder = work + "/run/trace"
    plan.hours = hours
    plan.seed = seed
    plan.cuts = cuts ?? Int((100 * hours / 8).rounded())
    plan.pressesPerHour = pressesPerHour
    do {
      try SoakBooks.write(into: plan.bookFolder, seed: seed)
    } catch {
      fail("cannot write the soak's books into \(plan.bookFolder): \(error)", status: 1)
    }
    print("soak: seed \(seed), \(hours) virtual hours, \(plan.cuts) power cuts, data in \(plan.dataDirectory)")
    let stopwatch = MonotonicClock()
    let started = stopwatch.now()
    let night = SoakNight(plan: plan) { _ in }
    do {
      try night.run()
    } catch {
      fail("soak: the box could not be built: \(error) (seed \(seed))", status: 1)
    }
    let took = stopwatch.now() - started
    print(night.figures.table)
    print("Took \(Int(took.rounded())) s here for \(hours) virtual hours.")
    if folder == nil { try? FileManager.default.removeItem(atPath: work) }
    guard night.figures.passed else {
      for breach in night.figures.breaches { WritableFile.standardError.print("soak: seed \(seed): \(breach)\n") }
      WritableFile.standardError.print("soak: FAILED; replay with: foliotell soak --hours \(hours) --seed \(seed)\n")
      exit(1)
    }
    print("soak: passed (seed \(seed))")
  }

  static func temporaryFolder() -> String {
    var template = Array(((getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/foliotell-soak-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { fail("cannot make a folder for the soak in $TMPDIR", status: 1) }
    return String(cString: made)
  }
}
