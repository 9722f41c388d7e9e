/// What the box learns about an update: a signed bundle on a drive, how its installation goes, and at the
/// next start what became of it. The runtime finds and installs bundles (RAUC); the core decides what is
/// said and when the box restarts.
public enum UpdateEvent: Equatable, Sendable, Codable {
  /// A bundle signed for this box is on a drive: it is offered to the listener.
  case found(UpdateOffer)
  /// A bundle on a drive cannot be installed; the journal has RAUC's own words.
  case refused(file: String, reason: UpdateRefusal)
  /// The drive holding the offered bundle was taken out.
  case gone(path: String)
  /// The installation has got this far (percent).
  case progress(percent: Int)
  /// The update is written into the other slot: the box restarts to finish it.
  case installed
  /// The installation stopped (RAUC's reason, in English); the box is as it was.
  case failed(reason: String)
  /// Found at start: what became of the update installed before the restart.
  case outcome(UpdateOutcome)
}

/// A bundle on a drive that this box can install.
public struct UpdateOffer: Equatable, Sendable, Codable {
  /// The version the bundle brings (its manifest's).
  public var version: String
  /// Where the bundle is (on the drive's mount under /media).
  public var path: String

  public init(version: String, path: String) {
    self.version = version
    self.path = path
  }
}

/// Why a bundle on a drive is not offered.
public enum UpdateRefusal: String, Equatable, Sendable, Codable {
  /// Not signed, or signed by a key this box does not trust.
  case notSigned
  /// Signed, but made for another kind of box (RAUC's `compatible`).
  case otherBox
  /// Not a bundle RAUC can read (cut short, damaged).
  case unreadable
}

/// What became of an update after the restart that finishes it.
public enum UpdateOutcome: Equatable, Sendable, Codable {
  /// The box runs the new version from the new slot.
  case updated(version: String)
  /// The new slot did not come up; the box runs the old one, as it was.
  case fellBack(version: String)
}
