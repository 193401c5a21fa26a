// EscapeSequence+Protocols: the framing of the picture protocols (sixel DCS, kitty APC, iTerm2 OSC 1337, tmux
// passthrough), scrolling regions, desktop notifications and the farewell that hands the terminal back.
import Foundation

extension EscapeSequence {
    /// ESC as a byte, for code that reads or doubles escape sequences byte by byte.
    public static let escapeByte: UInt8 = 0x1B
    /// BEL as a byte: ends an OSC, or rings the bell on its own.
    public static let bellByte: UInt8 = 0x07
    /// BEL: ends an OSC, or rings the bell on its own.
    public static let bell = "\u{07}"
    /// String Terminator (`ESC \`): ends a DCS, OSC or APC string.
    public static let stringTerminator = escape + "\\"
    /// Resets the colour of the text to the terminal's default foreground (SGR 39).
    public static let defaultForeground = csi + "39m"

    /// Limits scrolling to the zero-based `rows` rows from `row` (DECSTBM).
    public static func scrollRegion(row: Int, rows: Int) -> String {
        csi + "\(row + 1);\(row + rows)r"
    }

    /// Gives scrolling back the whole screen (DECSTBM without parameters).
    public static let wholeScreenScrollRegion = csi + "r"

    /// Scrolls the region's content by `rows`: positive up (SU, the list scrolled down), negative down (SD).
    public static func scroll(_ rows: Int) -> String {
        rows > 0 ? csi + "\(rows)S" : csi + "\(-rows)T"
    }

    /// Opens a sixel image of `width × height` pixels (DCS `P0;P2;0 q` and its raster attributes); with
    /// `transparent`, pixels never painted keep what was under them.
    public static func sixelStart(width: Int, height: Int, transparent: Bool) -> String {
        escape + "P0;\(transparent ? 1 : 0);0q\"1;1;\(width);\(height)"
    }

    /// Opens an iTerm2 inline file drawn at the cursor into `columns × rows` cells; the base64 file and `bell` follow.
    public static func itermFileStart(columns: Int, rows: Int) -> String {
        escape + "]1337;File=inline=1;width=\(columns)c;height=\(rows)r;preserveAspectRatio=1:"
    }

    /// One kitty graphics command (`ESC _ G keys ; payload ESC \`).
    public static func kittyCommand(_ keys: String, payload: Data = Data()) -> Data {
        var out = Data((escape + "_G" + keys).utf8)
        if !payload.isEmpty { out += Data(";".utf8) + payload }
        return out + Data(stringTerminator.utf8)
    }

    /// Opens a tmux passthrough string (`ESC P tmux ;`); the wrapped bytes with every ESC doubled and
    /// `stringTerminator` follow.
    public static let tmuxPassthroughStart = escape + "Ptmux;"

    /// A desktop notification of `text` (already made safe by the caller) in `style`'s dialect.
    public static func notification(_ text: String, style: NotificationDialect) -> String {
        switch style {
        case .osc9: escape + "]9;" + text + bell
        case .osc99: escape + "]99;;" + text + stringTerminator
        case .osc777: escape + "]777;notify;Snapterm;" + text.replacingOccurrences(of: ";", with: ",") + bell
        }
    }

    /// The notification sequences terminals understand.
    public enum NotificationDialect: Sendable {
        /// `OSC 9 ; text BEL` (iTerm2, WezTerm).
        case osc9
        /// `OSC 99 ; ; text ST` (kitty).
        case osc99
        /// `OSC 777 ; notify ; title ; text BEL` (urxvt, foot).
        case osc777
    }

    /// Undoes what the full-screen UI turned on: plain attributes, mouse reporting off (1000, 1002, 1006),
    /// cursor shown, the alternate screen left, cursor keys and keypad back to normal mode.
    public static let leaveFullScreen = resetAttributes + csi + "?1000l" + csi + "?1002l" + csi + "?1006l"
        + showCursor + csi + "?1049l" + csi + "?1l" + escape + ">"
}
