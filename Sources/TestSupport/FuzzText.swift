// FuzzText: random text that stresses layout and editing — flags, ZWJ families, skin tones,
// combining marks, right-to-left text, wide characters and control characters.

/// Random text built from pieces that each once broke (or could break) text handling.
public enum FuzzText {
    /// The pieces: each is typed or drawn as a whole; several join the piece before them.
    public static let pieces: [String] = [
        "a", "Z", "7", " ", "  ", "-", "?", "é", "e\u{301}", "\u{301}", "\u{20DD}", "n\u{303}\u{308}",
        "☕", "日", "本語", "한", "ｱ", "👍", "👍🏽", "🏽", "👨‍👩‍👧", "👩‍💻", "\u{200D}", "🏳️‍🌈", "\u{FE0F}",
        "🇫🇮", "🇫", "🇮", "🇸🇪", "שלום", "مرحبا", "\u{202E}", "\u{202C}", "\u{200F}", "क्षि",
        "\t", "\n", "\r\n", "\u{1B}[2J", "\u{07}", "\u{7F}", "\u{9B}31m", "\u{0}", "\u{85}",
        String(repeating: "w", count: 37), "longwordwithoutanyspacesatall",
    ]

    /// Pieces that a key can deliver as text (no controls: those are keys of their own).
    public static let typedPieces: [String] = pieces.filter { piece in
        !piece.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }

    /// A random string of up to `maxPieces` pieces drawn from `pieces`.
    public static func random(maxPieces: Int, from pieces: [String] = pieces,
                              using generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...maxPieces, using: &generator)
        var text = ""
        for _ in 0..<count { text += pieces.randomElement(using: &generator) ?? "" }
        return text
    }

    /// A random Unicode scalar from anywhere in the code space (surrogates skipped).
    public static func randomScalar(using generator: inout SeededGenerator) -> Unicode.Scalar {
        while true {
            let value = UInt32.random(in: 0...0x10FFFF, using: &generator)
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }
}
