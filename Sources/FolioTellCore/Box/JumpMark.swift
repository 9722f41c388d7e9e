/// Where the listener was when a jump began, to tell afterwards whether it moved anything.
struct JumpMark: Equatable, Sendable {
  var playback: PlaybackState
  var undoPlace: Int?
  var lastJumpTime: Double?
}
