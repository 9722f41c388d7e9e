import FolioTellBooks
import FolioTellJSON
import FolioTellSpeech

/// Why the box cannot start, said so a person knows what to do. The command prints it and exits.
public enum ApplianceError: Error, CustomStringConvertible {
  case config(ConfigError)
  case book(BookError)
  case speech(String)
  case trace(String)
  case display(String)
  case controls(String)

  public var description: String {
    switch self {
    case .config(let error): return error.description
    case .book(let error): return error.description
    case .speech(let reason), .trace(let reason), .display(let reason), .controls(let reason): return reason
    }
  }

  /// 2 for a mistake in what was asked (options, config), 1 for what could not be done.
  public var exitStatus: Int32 {
    if case .config = self { return 2 }
    return 1
  }
}
