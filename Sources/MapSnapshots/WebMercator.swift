// WebMercator: latitude/longitude ↔ world pixels of the 256-pixel Web-Mercator tile pyramid.
import Foundation

/// The spherical Web-Mercator projection (EPSG:3857) in world pixels: the world is 256·2^zoom pixels wide.
public enum WebMercator {
    /// The latitude where the square world ends.
    public static let maxLatitude = 85.05112878

    /// The world size in pixels at `zoom` (fractions allowed).
    public static func worldSize(zoom: Double) -> Double { 256 * exp2(zoom) }

    /// World pixel of a point; x grows east from −180°, y grows south from 85.05°N.
    public static func pixel(latitude: Double, longitude: Double, zoom: Double) -> (x: Double, y: Double) {
        let size = worldSize(zoom: zoom)
        let lat = min(max(latitude, -maxLatitude), maxLatitude)
        let sine = sin(lat * .pi / 180)
        let x = (longitude + 180) / 360 * size
        let y = (0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)) * size
        return (x, y)
    }

    /// The latitude and longitude of a world pixel (longitude not wrapped).
    public static func coordinate(x: Double, y: Double, zoom: Double) -> (latitude: Double, longitude: Double) {
        let size = worldSize(zoom: zoom)
        let longitude = x / size * 360 - 180
        let latitude = atan(sinh(.pi * (1 - 2 * y / size))) * 180 / .pi
        return (latitude, longitude)
    }
}
