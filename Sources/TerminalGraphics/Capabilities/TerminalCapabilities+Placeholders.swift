// TerminalCapabilities+Placeholders: whether the terminal outside tmux draws kitty Unicode placeholders, from the
// name and version tmux learnt from it (`#{client_termtype}`, its XTVERSION reply), and the text-art fallback.
import Foundation

extension TerminalCapabilities {
    /// Whether the terminal tmux names `termType` (`#{client_termtype}`, e.g. `kitty(0.26.5)`) draws kitty
    /// Unicode placeholders: kitty from 0.28; not WezTerm (no placeholders); `nil` when the name says
    /// nothing (an unknown or empty name — Ghostty and others that answered the kitty query are trusted).
    public static func drawsKittyPlaceholders(termType: String) -> Bool? {
        let name = termType.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if name.hasPrefix("wezterm") { return false }
        guard name.hasPrefix("kitty(") else { return nil }
        let numbers = name.dropFirst(6).prefix { $0 != ")" }.split(separator: ".").map { Int($0) ?? 0 }
        guard let major = numbers.first else { return nil }
        let minor = numbers.count > 1 ? numbers[1] : 0
        return (major, minor) >= (0, 28)
    }

    /// These capabilities without kitty graphics — what a tmux whose outer terminal cannot draw
    /// placeholders gets (text art, as before). A forced mode stays as it is.
    public func withoutKittyGraphics() -> TerminalCapabilities {
        guard !isForced else { return self }
        var copy = self
        copy.kittyGraphics = false
        copy.mode = Self.bestMode(kittyGraphics: false, inlineImages: inlineImages, sixel: sixel, colorDepth: colorDepth)
        return copy
    }
}
