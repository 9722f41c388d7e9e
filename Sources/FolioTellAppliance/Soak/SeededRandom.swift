import Glibc

/// SplitMix64: the soak test's random listener, the same for the same seed on every machine and every
/// Swift, so a failing night is replayed by its seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A wait with this mean, as the gaps between independent happenings are (exponential).
  public mutating func exponential(mean: Double) -> Double {
    let uniform = Double.random(in: Double.ulpOfOne..<1, using: &self)
    return -mean * log(uniform)
  }
}
