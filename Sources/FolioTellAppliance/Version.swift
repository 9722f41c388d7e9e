/// The box's version: `./dev package` names the .deb after it, and `foliotell version` prints it.
/// Raise it with every release that changes what a user sees.
public let foliotellVersion = "0.14.0"
