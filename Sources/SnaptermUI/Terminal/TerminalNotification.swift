// TerminalNotification: how the app tells the user a message arrived in a room not on screen — a desktop
// notification through the terminal (OSC 9 for iTerm2 and WezTerm, kitty's OSC 99, OSC 777 for urxvt and foot), the bell
// elsewhere and inside tmux, or nothing when turned off. The text is escaped: nothing from a room's name reaches
// the terminal as a control.
import Foundation
import TerminalGraphics

/// A terminal notification style and its bytes.
public enum TerminalNotification: Equatable, Sendable {
    /// `ESC ] 9 ; text BEL` (iTerm2's).
    case osc9
    /// `ESC ] 99 ; ; text ESC \` (kitty's own).
    case osc99
    /// `ESC ] 777 ; notify ; title ; text BEL` (urxvt's).
    case osc777
    /// BEL: the terminal (or tmux) marks the window, rings or flashes.
    case bell
    /// Turned off (`--no-notify`, `SNAPTERM_NOTIFY=0`).
    case off

    /// The style for a terminal described by `environment`.
    public static func style(environment: [String: String]) -> TerminalNotification {
        if ["0", "false", "no", "off"].contains(environment["SNAPTERM_NOTIFY"]?.lowercased() ?? "") { return .off }
        if let tmux = environment["TMUX"], !tmux.isEmpty { return .bell }  // tmux keeps OSC 9 and 777 to itself
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        let term = (environment["TERM"] ?? "").lowercased()
        if program == "iterm.app" || program == "wezterm" { return .osc9 }
        if term == "xterm-kitty" || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty { return .osc99 }
        if term.hasPrefix("rxvt") || term.hasPrefix("foot") { return .osc777 }
        return .bell
    }

    /// The bytes announcing a message in `room` (nothing when off).
    public func bytes(room: String) -> Data {
        let text = String(SafeText.visible("New message in \(room)").prefix(200))
        switch self {
        case .osc9: return Data(EscapeSequence.notification(text, style: .osc9).utf8)
        case .osc99: return Data(EscapeSequence.notification(text, style: .osc99).utf8)
        case .osc777: return Data(EscapeSequence.notification(text, style: .osc777).utf8)
        case .bell: return Data(EscapeSequence.bell.utf8)
        case .off: return Data()
        }
    }
}
