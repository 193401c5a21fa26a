// PinPlaceTests: a map panned away from its place keeps the pin on the place (it stayed at the centre).
import Foundation
import Imaging
import MapSnapshots
import SchemeLoader
import Testing

@Suite struct PinPlaceTests {
    /// The centre of the pixels in the pin's colour (nil when there are none).
    private func pinCentre(_ bitmap: Bitmap, palette: MapPalette) -> (x: Double, y: Double)? {
        var sumX = 0, sumY = 0, count = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap[x, y], c = palette.pin
                if abs(Int(p.red) - Int(c.red)) <= 3, abs(Int(p.green) - Int(c.green)) <= 3, abs(Int(p.blue) - Int(c.blue)) <= 3 {
                    sumX += x; sumY += y; count += 1
                }
            }
        }
        return count == 0 ? nil : (Double(sumX) / Double(count), Double(sumY) / Double(count))
    }

    @Test func aPannedMapDrawsThePinOnItsPlaceNotAtTheCentre() async throws {
        // Given Helsinki at zoom 10, and the view panned 60 pixels east and 40 pixels north of it
        let helsinki = (latitude: 60.1699, longitude: 24.9384), zoom = 10.0
        let place = WebMercator.pixel(latitude: helsinki.latitude, longitude: helsinki.longitude, zoom: zoom)
        let centre = WebMercator.coordinate(x: place.x + 60, y: place.y - 40, zoom: zoom)
        let panned = try MapSnapshotURL(latitude: centre.latitude, longitude: centre.longitude, zoom: zoom, width: 320, height: 200,
                                        pinLatitude: helsinki.latitude, pinLongitude: helsinki.longitude)
        #expect(panned.url.absoluteString.contains("pin_latitude=60.1699"))
        // When it is drawn
        let bitmap = try await MapTestFiles.snapshotter.bitmap(for: panned)
        // Then the pin is 60 pixels west and 40 south of the centre, where Helsinki is
        let pin = try #require(pinCentre(bitmap, palette: .forStyle(.light)), "no pin drawn")
        #expect(abs(pin.x - (160 - 60)) <= 2 && abs(pin.y - (100 + 40)) <= 2, "pin at \(pin)")
    }

    @Test func aPinOnTheCentreIsTheDefaultURLAndAHalfPinPlaceIsRefused() throws {
        let plain = try MapSnapshotURL(latitude: 60.1699, longitude: 24.9384)
        let same = try MapSnapshotURL(latitude: 60.1699, longitude: 24.9384, pinLatitude: 60.1699, pinLongitude: 24.9384)
        #expect(plain.url == same.url)
        #expect(throws: LoadError.self) { try MapSnapshotURL(url: #require(URL(string: "map://?latitude=1&longitude=2&pin_latitude=3"))) }
        let parsed = try MapSnapshotURL(url: #require(URL(string: "map://?latitude=1&longitude=2&pin_latitude=3&pin_longitude=4")))
        #expect(parsed.pinPlace == MapSnapshotURL.PinPlace(latitude: 3, longitude: 4))
    }
}
