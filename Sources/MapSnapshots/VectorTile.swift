// VectorTile: a decoded Mapbox Vector Tile — layers of features with properties and integer geometry.

/// One decoded Mapbox Vector Tile (spec 2.1): its layers by name.
public struct VectorTile: Sendable {
    /// The layers, in file order.
    public var layers: [VectorLayer]

    /// Creates a tile from layers.
    public init(layers: [VectorLayer]) { self.layers = layers }

    /// The first layer called `name`, if any.
    public func layer(_ name: String) -> VectorLayer? { layers.first { $0.name == name } }
}

/// A named layer of a vector tile; coordinates run 0…`extent` across the tile (buffer outside).
public struct VectorLayer: Sendable {
    /// The layer name (`land`, `water`, `transportation` …).
    public var name: String
    /// Tile coordinates per tile side (usually 4096).
    public var extent: Int
    /// The features.
    public var features: [VectorFeature]

    /// Creates a layer.
    public init(name: String, extent: Int, features: [VectorFeature]) {
        self.name = name
        self.extent = extent
        self.features = features
    }
}

/// The geometry type of a feature (`GeomType` in the spec).
public enum VectorGeometryType: UInt8, Sendable {
    /// Unknown geometry (ignored when drawing).
    case unknown = 0
    /// One or more points.
    case point = 1
    /// One or more lines.
    case lineString = 2
    /// One or more polygons (rings: exterior, then its holes).
    case polygon = 3
}

/// A property value of a feature.
public enum VectorValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A float or double.
    case double(Double)
    /// An int, uint or sint.
    case int(Int64)
    /// A bool.
    case bool(Bool)

    /// The value as a number, when it is one.
    public var number: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        case .string, .bool: nil
        }
    }

    /// The value as text, when it is a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// One feature: type, properties and geometry in tile coordinates.
public struct VectorFeature: Sendable {
    /// The geometry type.
    public var type: VectorGeometryType
    /// The properties, decoded from the layer's keys and values.
    public var properties: [String: VectorValue]
    /// The vertices, x and y interleaved, in tile coordinates.
    public var coordinates: [Int32]
    /// Where each part (point, line or ring) starts, as a vertex index; parts end where the next starts.
    public var partStarts: [Int32]
    /// The bounding box of all vertices: minX, minY, maxX, maxY.
    public var bounds: (minX: Int32, minY: Int32, maxX: Int32, maxY: Int32)

    /// Creates a feature; `bounds` is computed from the coordinates.
    public init(type: VectorGeometryType, properties: [String: VectorValue], coordinates: [Int32], partStarts: [Int32]) {
        self.type = type
        self.properties = properties
        self.coordinates = coordinates
        self.partStarts = partStarts
        var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min
        var index = 0
        while index + 1 < coordinates.count {
            minX = min(minX, coordinates[index]); maxX = max(maxX, coordinates[index])
            minY = min(minY, coordinates[index + 1]); maxY = max(maxY, coordinates[index + 1])
            index += 2
        }
        bounds = (minX, minY, maxX, maxY)
    }

    /// The number of vertices.
    public var vertexCount: Int { coordinates.count / 2 }

    /// The vertex range of part `index`.
    public func partRange(_ index: Int) -> Range<Int> {
        let start = Int(partStarts[index])
        let end = index + 1 < partStarts.count ? Int(partStarts[index + 1]) : vertexCount
        return start..<end
    }

    /// The string property `key`, if present.
    public func string(_ key: String) -> String? { properties[key]?.string }

    /// The numeric property `key`, if present.
    public func number(_ key: String) -> Double? { properties[key]?.number }
}
