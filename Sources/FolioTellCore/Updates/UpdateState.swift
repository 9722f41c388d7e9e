/// The update feature's state: a bundle offered and waiting for the listener's answer, one being installed,
/// or the restart that finishes one.
public struct UpdateState: Equatable, Sendable, Codable {
  /// Offered and not yet answered: the next control answers it (held PLAY installs, anything else does not).
  public var offer: UpdateOffer?
  /// Being installed: controls say how far it has got.
  public var installing: UpdateOffer?
  /// The last progress said, in steps of `progressStep` percent.
  public var saidPercent = 0
  /// Installed: the box restarts once "Restarting to finish the update" is said.
  public var restartWhenSaid = false
  /// Said aloud while installing: at most every this many percent.
  public static let progressStep = 25

  public init() {}

  /// Installing, or restarting after it: nothing else is started meanwhile.
  public var isBusy: Bool { installing != nil || restartWhenSaid }
}
