// SixelColorTable: a sixel palette — each colour as a colour register holds it (whole percent a channel).

/// Up to 256 colours for sixel colour registers, each rounded to what a register can hold.
///
/// A sixel colour is defined in whole percent per channel (`#n;2;r;g;b`), so a byte value `v` is sent as
/// `round(v × 100 / 255)` % and shown as `round(% × 255 / 100)`: up to 1.3 levels off. The table keeps
/// the shown bytes, so the ditherer measures (and spreads) the error a viewer sees, and the percentages
/// the writer sends.
struct SixelColorTable: Sendable, Hashable {
    /// The colours as shown: `count × 3` bytes, R, G, B.
    let rgb: [UInt8]
    /// The same colours in percent per channel: `count × 3` values 0…100.
    let percent: [UInt8]

    /// The number of colours (1…256).
    var count: Int { rgb.count / 3 }

    /// A table of `colors` (R, G, B triples; 1…256 of them), each rounded to a register's precision.
    init(colors: [UInt8]) {
        precondition(colors.count >= 3 && colors.count % 3 == 0 && colors.count <= 256 * 3, "1…256 RGB colours")
        percent = colors.map(Self.percent)
        rgb = percent.map(Self.shown)
    }

    /// The percentage a colour register holds for byte value `value`.
    static func percent(_ value: UInt8) -> UInt8 {
        UInt8((Int(value) * 100 + 127) / 255)
    }

    /// The byte value a terminal shows for `percent` %.
    static func shown(_ percent: UInt8) -> UInt8 {
        UInt8((Int(percent) * 255 + 50) / 100)
    }

    /// xterm's 256-colour palette: 16 system colours, a 6×6×6 cube and 24 greys.
    static let xterm256: SixelColorTable = {
        var colors: [UInt8] = [
            0, 0, 0, 205, 0, 0, 0, 205, 0, 205, 205, 0, 0, 0, 238, 205, 0, 205, 0, 205, 205, 229, 229, 229,
            127, 127, 127, 255, 0, 0, 0, 255, 0, 255, 255, 0, 92, 92, 255, 255, 0, 255, 0, 255, 255, 255, 255, 255,
        ]
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        for red in levels {
            for green in levels {
                for blue in levels { colors += [red, green, blue] }
            }
        }
        for step in 0..<24 {
            let grey = UInt8(8 + 10 * step)
            colors += [grey, grey, grey]
        }
        return SixelColorTable(colors: colors)
    }()
}
