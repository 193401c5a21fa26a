// TerminalGraphicsError: the one error type of TerminalGraphics — each case names the cause.

/// Why a picture could not be encoded or a terminal could not be asked.
public enum TerminalGraphicsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The picture or box has a size the encoder cannot use.
    case invalidSize(width: Int, height: Int, reason: String)
    /// libsixel reported a failure in `stage` (its own message attached).
    case sixelFailed(stage: String, message: String)
    /// The bytes are not a sixel image libsixel can decode.
    case undecodableSixel(reason: String)
    /// The picture could not be encoded as PNG for kitty or iTerm2.
    case pngFailed(reason: String)
    /// libchafa could not build its canvas.
    case chafaFailed(stage: String)
    /// The controlling terminal could not be opened or configured.
    case terminalUnavailable(reason: String)
    /// A graphics mode name that is not `kitty`, `iterm`, `sixel`, `symbols` or `ascii`.
    case unknownGraphicsMode(String)

    /// A message a user can act on.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height, let reason): return "invalid picture size \(width)×\(height): \(reason)"
        case .sixelFailed(let stage, let message): return "sixel encoding failed in \(stage): \(message)"
        case .undecodableSixel(let reason): return "not a decodable sixel image: \(reason)"
        case .pngFailed(let reason): return "PNG encoding for the terminal failed: \(reason)"
        case .chafaFailed(let stage): return "text-art encoding failed in \(stage)"
        case .terminalUnavailable(let reason): return "terminal unavailable: \(reason)"
        case .unknownGraphicsMode(let name): return "unknown graphics mode '\(name)' (expected kitty, iterm, sixel, symbols or ascii)"
        }
    }
}
