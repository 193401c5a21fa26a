// ITermImage: the iTerm2 inline image sequence (OSC 1337 ; File=…) for a box of cells — a pure builder.
import Foundation

/// iTerm2's inline images, also drawn by WezTerm. The protocol has no ids: a picture is re-sent
/// whenever it has to appear somewhere new.
public enum ITermImage {
    /// `OSC 1337 ; File=inline=1;width=Nc;height=Mr;preserveAspectRatio=1 : base64 BEL` — the file
    /// (PNG) drawn at the cursor, scaled into `columns × rows` cells.
    public static func inline(_ file: Data, columns: Int, rows: Int) -> Data {
        Data(EscapeSequence.itermFileStart(columns: columns, rows: rows).utf8)
            + file.base64EncodedData() + Data(EscapeSequence.bell.utf8)
    }
}
