// EscapeSequence: pure builders of the control sequences Snapterm writes — nothing from outside goes raw.

/// Control sequences as values. Every builder is a pure function of its arguments. Text from
/// outside (file names, titles, messages) reaches the terminal through `SafeText`;
/// `sanitized(_:)` here keeps text art's symbols to one printable cell each.
public enum EscapeSequence {
    /// ESC.
    public static let escape = "\u{1B}"
    /// Control Sequence Introducer.
    public static let csi = "\u{1B}["

    /// Primary Device Attributes query (DA1, `CSI c`); a sixel terminal lists `4` in its reply.
    public static let primaryDeviceAttributesQuery = csi + "c"
    /// Asks for the cell size in pixels (`CSI 16 t`, answered `CSI 6 ; height ; width t`).
    public static let cellSizeQuery = csi + "16t"
    /// Saves the cursor position (DECSC).
    public static let saveCursor = escape + "7"
    /// Restores the saved cursor position (DECRC).
    public static let restoreCursor = escape + "8"
    /// Resets all character attributes (SGR 0).
    public static let resetAttributes = csi + "0m"
    /// Hides the cursor (DECTCEM off).
    public static let hideCursor = csi + "?25l"
    /// Shows the cursor (DECTCEM on).
    public static let showCursor = csi + "?25h"

    /// Moves the cursor to a zero-based `row` and `column`.
    public static func moveCursor(row: Int, column: Int) -> String {
        csi + "\(max(0, row) + 1);\(max(0, column) + 1)H"
    }

    /// Moves the cursor up `count` rows (CUU), stopping at the top; `count` 0 writes nothing.
    public static func cursorUp(_ count: Int) -> String {
        count > 0 ? csi + "\(count)A" : ""
    }

    /// Moves the cursor down `count` rows (CUD), stopping at the bottom; `count` 0 writes nothing.
    public static func cursorDown(_ count: Int) -> String {
        count > 0 ? csi + "\(count)B" : ""
    }

    /// Erases `count` characters from the cursor on (ECH), leaving the cursor in place.
    public static func eraseCharacters(_ count: Int) -> String {
        csi + "\(max(1, count))X"
    }

    /// Sets the foreground and/or background colour; an empty string when both are `nil`.
    public static func colors(foreground: TerminalColor?, background: TerminalColor?) -> String {
        let parameters = [foreground?.sgrParameters(background: false), background?.sgrParameters(background: true)]
            .compactMap { $0 }
        return parameters.isEmpty ? "" : csi + parameters.joined(separator: ";") + "m"
    }

    /// `text` with every C0 and C1 control character, DEL and bidirectional control replaced by U+FFFD
    /// (one cell, so text art keeps its grid), so it is printed, never interpreted. The same set as `SafeText.isControl`.
    public static func sanitized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
