// AssetURL: the typed builder and parser of `asset://` URLs — a gallery photo plus its edits.
import Foundation

/// A named colour filter for gallery photos. The names are stable: they are stored in URLs.
public enum AssetFilter: String, Sendable, Hashable, CaseIterable {
    case none, mono, sepia, noir, vivid, invert, blur, sharpen
}

/// How a photo is fitted into `width` × `height`.
public enum AssetResizeMode: String, Sendable, Hashable, CaseIterable {
    /// Inside the box, aspect kept.
    case fit
    /// Covers the box, then centre-cropped to it.
    case fill
}

/// A normalised rectangle in 0…1 of the photo (after EXIF orientation, before rotation), or the photo's
/// centre square (`crop=square`), which only the photo's pixel size can turn into a rectangle.
public struct AssetCrop: Sendable, Hashable {
    public private(set) var x: Double, y: Double, width: Double, height: Double
    /// True for `centreSquare`: the rectangle is resolved from the photo's size when it is drawn.
    public private(set) var isCentreSquare = false

    /// The whole photo.
    public static let full = AssetCrop(validX: 0, y: 0, width: 1, height: 1)

    /// The largest square in the middle of the photo, square in pixels whatever the photo's aspect.
    public static let centreSquare: AssetCrop = {
        var crop = AssetCrop.full
        crop.isCentreSquare = true
        return crop
    }()

    /// The spelling of `centreSquare` in URLs.
    static let centreSquareSpelling = "square"

    private init(validX x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Creates a crop, validating that it lies inside the photo and is not empty. The values are kept
    /// rounded to the 6 decimals of the canonical URL and validated after rounding, so a crop and its
    /// URL are one value (a crop accepted here is accepted again from its URL — found by Fuzz/fuzz-url).
    public init(x: Double, y: Double, width: Double, height: Double) throws {
        let (x, y, width, height) = (Self.canonical(x), Self.canonical(y), Self.canonical(width), Self.canonical(height))
        let text = [x, y, width, height].map { CanonicalNumber.spell($0, decimals: 6) }.joined(separator: ",")
        guard [x, y, width, height].allSatisfy(\.isFinite), x >= 0, y >= 0, width > 0, height > 0,
              x + width <= 1.000001, y + height <= 1.000001 else {
            throw LoadError.invalidParameter(
                name: "crop", value: text, reason: "need x,y,w,h in 0…1 with w,h > 0, x+w ≤ 1 and y+h ≤ 1")
        }
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Parses `x,y,w,h` or `square`.
    public init(parsing text: String) throws {
        if text == Self.centreSquareSpelling {
            self = .centreSquare
            return
        }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { CanonicalNumber.parseDouble(String($0)) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3] else {
            throw LoadError.invalidParameter(name: "crop", value: text, reason: "expected four numbers x,y,w,h, or square")
        }
        try self.init(x: x, y: y, width: w, height: h)
    }

    private static func canonical(_ value: Double) -> Double { CanonicalNumber.rounded(value, decimals: 6) }

    /// The canonical `x,y,w,h` (or `square`) spelling.
    public var spelled: String {
        if isCentreSquare { return Self.centreSquareSpelling }
        return [x, y, width, height].map { CanonicalNumber.spell($0, decimals: 6) }.joined(separator: ",")
    }
}

/// An `asset://?id=…` URL as a value: which photo, at what size, with which edits.
public struct AssetURL: Sendable, Hashable {
    /// The URL scheme.
    public static let scheme = "asset"
    /// The largest width or height a URL may ask for.
    public static let maxDimension = 8192
    static let parameterNames: Set<String> = ["id", "width", "height", "crop", "filter", "rotate", "mode"]

    /// The opaque photo identifier (never a path).
    public var id: String
    /// Target width in pixels; `nil` keeps the photo's own size (within `height`, if given).
    public var width: Int?
    /// Target height in pixels; `nil` keeps the photo's own size (within `width`, if given).
    public var height: Int?
    /// The region of the photo to keep.
    public var crop: AssetCrop
    /// The colour filter.
    public var filter: AssetFilter
    /// Clockwise rotation in degrees: 0, 90, 180 or 270.
    public var rotate: Int
    /// How the photo is fitted into the target size.
    public var mode: AssetResizeMode

    /// Creates an asset description, validating every value by name.
    public init(
        id: String, width: Int? = nil, height: Int? = nil, crop: AssetCrop = .full,
        filter: AssetFilter = .none, rotate: Int = 0, mode: AssetResizeMode = .fit
    ) throws {
        guard !id.isEmpty, id.count <= 256, !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw LoadError.invalidParameter(name: "id", value: id, reason: "must be 1–256 printable characters")
        }
        for (name, value) in [("width", width), ("height", height)] {
            if let value, !(1...Self.maxDimension).contains(value) {
                throw LoadError.invalidParameter(name: name, value: String(value), reason: "must be between 1 and \(Self.maxDimension)")
            }
        }
        guard rotate % 90 == 0 else {
            throw LoadError.invalidParameter(name: "rotate", value: String(rotate), reason: "must be a right angle: 0, 90, 180 or 270")
        }
        self.id = id
        self.width = width
        self.height = height
        self.crop = crop
        self.filter = filter
        self.rotate = ((rotate % 360) + 360) % 360
        self.mode = mode
    }

    /// Parses an `asset://` URL; every bad or unknown parameter is a `LoadError` naming it.
    public init(url: URL) throws {
        guard url.scheme?.lowercased() == Self.scheme else {
            throw LoadError.unsupportedScheme(url.scheme ?? "(none)")
        }
        let query = try QueryParameters(url, allowed: Self.parameterNames)
        let rotateText = query.string("rotate")
        let rotate = try rotateText.map { text in
            guard let value = CanonicalNumber.parseInt(text) else {
                throw LoadError.invalidParameter(name: "rotate", value: text, reason: "must be a right angle: 0, 90, 180 or 270")
            }
            return value
        }
        try self.init(
            id: query.requiredString("id"),
            width: query.int("width", in: Int.min...Int.max),
            height: query.int("height", in: Int.min...Int.max),
            crop: query.string("crop").map(AssetCrop.init(parsing:)) ?? .full,
            filter: query.choice("filter", of: AssetFilter.self) ?? .none,
            rotate: rotate ?? 0,
            mode: query.choice("mode", of: AssetResizeMode.self) ?? .fit)
    }

    /// The canonical URL: defaults filled in, sorted, numbers in one spelling.
    public var url: URL {
        var items = [
            ("id", id), ("crop", crop.spelled), ("filter", filter.rawValue),
            ("rotate", String(rotate)), ("mode", mode.rawValue),
        ]
        if let width { items.append(("width", String(width))) }
        if let height { items.append(("height", String(height))) }
        return URLCanonicalizer.customSchemeURL(scheme: Self.scheme, items: items)
    }
}
