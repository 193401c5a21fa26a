// Place: one row of the places list — a named point with its country and population.
import Foundation

/// A place on the map.
public struct Place: Sendable, Hashable {
    public var name: String
    public var country: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int

    public init(name: String, country: String, latitude: Double, longitude: Double, population: Int) {
        self.name = name; self.country = country; self.latitude = latitude; self.longitude = longitude
        self.population = population
    }
}

/// Reads the shipped place list (`assets/maps/places.tsv`: name, country, latitude, longitude, population).
public enum PlaceList {
    /// The places in `file`; malformed lines are skipped and counted.
    public static func load(from file: URL) throws -> (places: [Place], skipped: Int) {
        let text = try String(contentsOf: file, encoding: .utf8)
        var places: [Place] = []
        var skipped = 0
        for (index, line) in text.split(separator: "\n").enumerated() where index > 0 {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 5, let latitude = Double(fields[2]), let longitude = Double(fields[3]),
                  (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                skipped += 1
                continue
            }
            places.append(Place(name: fields[0], country: fields[1], latitude: latitude, longitude: longitude,
                                population: Int(fields[4]) ?? 0))
        }
        return (places, skipped)
    }
}
