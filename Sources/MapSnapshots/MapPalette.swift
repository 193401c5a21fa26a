// MapPalette: the colours and line widths of the light and dark map styles.
import SchemeLoader

/// An opaque colour with components 0…255.
public struct MapColor: Sendable, Hashable {
    /// Red, green, blue.
    public let red: UInt8, green: UInt8, blue: UInt8

    /// Creates a colour from a 0xRRGGBB number.
    public init(_ hex: UInt32) {
        red = UInt8((hex >> 16) & 0xFF)
        green = UInt8((hex >> 8) & 0xFF)
        blue = UInt8(hex & 0xFF)
    }
}

/// The colours of one map style.
public struct MapPalette: Sendable {
    /// Open sea (and the background of the world file).
    public let sea: MapColor
    /// Lakes and other inland water.
    public let lake: MapColor
    /// Land.
    public let land: MapColor
    /// Rivers.
    public let river: MapColor
    /// National borders.
    public let border: MapColor
    /// State and province borders.
    public let stateBorder: MapColor
    /// Parks and grass.
    public let park: MapColor
    /// Woods.
    public let wood: MapColor
    /// Buildings.
    public let building: MapColor
    /// Major roads (motorway, trunk, primary).
    public let majorRoad: MapColor
    /// Secondary and tertiary roads.
    public let mediumRoad: MapColor
    /// Minor streets and service roads.
    public let minorRoad: MapColor
    /// The outline under streets.
    public let roadCasing: MapColor
    /// Footpaths.
    public let path: MapColor
    /// Railways and tram lines.
    public let rail: MapColor
    /// Label text.
    public let text: MapColor
    /// The halo around label text.
    public let halo: MapColor
    /// The pin.
    public let pin: MapColor

    /// The palette of `style`.
    public static func forStyle(_ style: MapStyle) -> MapPalette {
        style == .dark ? .dark : .light
    }

    /// Light colours, close to the OpenStreetMap standard style.
    public static let light = MapPalette(
        sea: MapColor(0xAAD3DF), lake: MapColor(0x9CC6E0), land: MapColor(0xF2EFE9), river: MapColor(0x7FB0CF),
        border: MapColor(0x9C7FA8), stateBorder: MapColor(0xC2B2C8), park: MapColor(0xC8E6B0), wood: MapColor(0xADD19E),
        building: MapColor(0xD9CFC6), majorRoad: MapColor(0xF0A05A), mediumRoad: MapColor(0xF7E08A),
        minorRoad: MapColor(0xFFFFFF), roadCasing: MapColor(0xB8ADA3), path: MapColor(0xE0877A), rail: MapColor(0x8A8A8A),
        text: MapColor(0x2B2B2B), halo: MapColor(0xFFFFFF), pin: MapColor(0xD93025))

    /// Dark colours for dark terminals.
    public static let dark = MapPalette(
        sea: MapColor(0x17263C), lake: MapColor(0x1F3350), land: MapColor(0x2C2C2E), river: MapColor(0x2F5378),
        border: MapColor(0x8C7A99), stateBorder: MapColor(0x56505E), park: MapColor(0x2F4030), wood: MapColor(0x2A3A2A),
        building: MapColor(0x404045), majorRoad: MapColor(0xB07040), mediumRoad: MapColor(0x8C7C50),
        minorRoad: MapColor(0x6B6B70), roadCasing: MapColor(0x1E1E20), path: MapColor(0x7A5A55), rail: MapColor(0x777777),
        text: MapColor(0xE6E6E6), halo: MapColor(0x101010), pin: MapColor(0xFF5A4A))
}
