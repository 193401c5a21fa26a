// MapSnapshotURL: the typed builder and parser of `map://` snapshot URLs.
import Foundation

/// The colour scheme of a map snapshot.
public enum MapStyle: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// A `map://?latitude=…&longitude=…` URL as a value: validated, with defaults filled in, and
/// with one canonical spelling, so equal snapshots share one cache key.
public struct MapSnapshotURL: Sendable, Hashable {
    /// The URL scheme.
    public static let scheme = "map"
    /// Zoom levels the renderer accepts.
    public static let zoomRange: ClosedRange<Double> = 0...16
    /// Pixel sizes the renderer accepts (per side).
    public static let sizeRange: ClosedRange<Int> = 1...2048
    static let parameterNames: Set<String> = ["latitude", "longitude", "zoom", "width", "height", "style", "pin", "pin_latitude", "pin_longitude", "tiles"]

    /// Latitude of the centre, −90…90.
    public var latitude: Double
    /// Longitude of the centre, −180…180.
    public var longitude: Double
    /// Web-Mercator zoom, 0…16 (fractions allowed). Default 10.
    public var zoom: Double
    /// Width in pixels. Default 320.
    public var width: Int
    /// Height in pixels. Default 200.
    public var height: Int
    /// Colours. Default light.
    public var style: MapStyle
    /// Whether a pin marks the centre. Default true.
    public var showsPin: Bool
    /// Where the pin stands when it is not the centre (a map panned away from its place); `nil`: the centre.
    public private(set) var pinPlace: PinPlace?

    /// A pin's latitude and longitude.
    public struct PinPlace: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }
    /// Which tiles archives draw it, when not the shipped ones: a token the map handler puts in its
    /// canonical URLs (letters and digits, at most 32), so cached pictures of other tiles never answer.
    public var tiles: String?

    /// Creates a snapshot description, validating every value by name.
    public init(
        latitude: Double, longitude: Double, zoom: Double = 10, width: Int = 320, height: Int = 200,
        style: MapStyle = .light, showsPin: Bool = true, pinLatitude: Double? = nil, pinLongitude: Double? = nil
    ) throws {
        try Self.check("latitude", latitude, in: -90...90)
        try Self.check("longitude", longitude, in: -180...180)
        try Self.check("zoom", zoom, in: Self.zoomRange)
        for (name, value) in [("width", width), ("height", height)] where !Self.sizeRange.contains(value) {
            throw LoadError.invalidParameter(name: name, value: String(value), reason: "must be between 1 and 2048")
        }
        self.latitude = latitude
        self.longitude = longitude
        self.zoom = zoom
        self.width = width
        self.height = height
        self.style = style
        self.showsPin = showsPin
        guard pinLatitude != nil || pinLongitude != nil else { return }
        guard let pinLatitude, let pinLongitude else {
            throw LoadError.invalidParameter(name: pinLatitude == nil ? "pin_latitude" : "pin_longitude", value: "(none)",
                                             reason: "the pin's place needs both pin_latitude and pin_longitude")
        }
        try Self.check("pin_latitude", pinLatitude, in: -90...90)
        try Self.check("pin_longitude", pinLongitude, in: -180...180)
        // The centre itself is the default: one picture, one URL.
        if CanonicalNumber.spell(pinLatitude) != CanonicalNumber.spell(latitude)
            || CanonicalNumber.spell(pinLongitude) != CanonicalNumber.spell(longitude) {
            pinPlace = PinPlace(latitude: pinLatitude, longitude: pinLongitude)
        }
    }

    /// Parses a `map://` URL; every bad or unknown parameter is a `LoadError` naming it.
    public init(url: URL) throws {
        guard url.scheme?.lowercased() == Self.scheme else {
            throw LoadError.unsupportedScheme(url.scheme ?? "(none)")
        }
        let query = try QueryParameters(url, allowed: Self.parameterNames)
        try self.init(
            latitude: query.double("latitude", in: -90...90, required: true) ?? 0,
            longitude: query.double("longitude", in: -180...180, required: true) ?? 0,
            zoom: query.double("zoom", in: Self.zoomRange) ?? 10,
            width: query.int("width", in: Self.sizeRange) ?? 320,
            height: query.int("height", in: Self.sizeRange) ?? 200,
            style: query.choice("style", of: MapStyle.self) ?? .light,
            showsPin: query.bool("pin") ?? true,
            pinLatitude: query.double("pin_latitude", in: -90...90), pinLongitude: query.double("pin_longitude", in: -180...180))
        if let tiles = query.string("tiles") {
            guard (1...32).contains(tiles.count), tiles.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw LoadError.invalidParameter(name: "tiles", value: tiles, reason: "must be 1 to 32 letters and digits")
            }
            self.tiles = tiles
        }
    }

    /// The canonical URL: every parameter present, sorted, numbers in one spelling.
    public var url: URL {
        URLCanonicalizer.customSchemeURL(scheme: Self.scheme, items: [
            ("latitude", CanonicalNumber.spell(latitude)),
            ("longitude", CanonicalNumber.spell(longitude)),
            ("zoom", CanonicalNumber.spell(zoom, decimals: 3)),
            ("width", String(width)),
            ("height", String(height)),
            ("style", style.rawValue),
            ("pin", showsPin ? "true" : "false"),
        ] + (pinPlace.map { [("pin_latitude", CanonicalNumber.spell($0.latitude)), ("pin_longitude", CanonicalNumber.spell($0.longitude))] } ?? [])
          + (tiles.map { [("tiles", $0)] } ?? []))
    }

    private static func check(_ name: String, _ value: Double, in range: ClosedRange<Double>) throws {
        guard value.isFinite, range.contains(value) else {
            throw LoadError.invalidParameter(
                name: name, value: "\(value)",
                reason: "must be a number between \(CanonicalNumber.spell(range.lowerBound)) and \(CanonicalNumber.spell(range.upperBound))")
        }
    }
}
