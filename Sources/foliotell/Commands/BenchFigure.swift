/// A figure a benchmark measured against its target, as one tab-separated line (`figure`, the benchmark,
/// the figure, what was measured, the target, met or missed): `bench all` gathers these into its table.
enum BenchFigure {
  static func report(_ benchmark: String, _ figure: String, measured: String, target: String, met: Bool) {
    print(["figure", benchmark, figure, measured, target, met ? "met" : "missed"].joined(separator: "\t"))
  }
}
