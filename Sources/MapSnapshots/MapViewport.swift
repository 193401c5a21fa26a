// MapViewport: which world pixels a snapshot shows, and which tiles of a file cover them.
import Foundation
import SchemeLoader

/// The world-pixel rectangle of a snapshot at its zoom.
struct MapViewport: Sendable {
    let zoom: Double
    let width: Int
    let height: Int
    /// World pixel at the left and top edges (x may be negative or beyond the world: it wraps).
    let left: Double
    let top: Double

    init(_ snapshot: MapSnapshotURL) {
        zoom = snapshot.zoom
        width = snapshot.width
        height = snapshot.height
        let centre = WebMercator.pixel(latitude: snapshot.latitude, longitude: snapshot.longitude, zoom: snapshot.zoom)
        left = centre.x - Double(snapshot.width) / 2
        top = centre.y - Double(snapshot.height) / 2
    }

    /// The tile zoom to read from a file with `zoomRange` (over-zooming past its maximum), or nil
    /// when the snapshot zoom is below the file's minimum.
    func dataZoom(for zoomRange: ClosedRange<Int>) -> Int? {
        let wanted = Int(zoom.rounded(.down))
        guard wanted >= zoomRange.lowerBound else { return nil }
        return min(wanted, zoomRange.upperBound)
    }

    /// The tiles at `dataZoom` that overlap the snapshot, with their on-screen squares snapped to whole
    /// pixels (neighbours share their edges exactly). Column numbers are unwrapped; `wrappedX` wraps them.
    func tileSlots(dataZoom: Int) -> [TileSlot] {
        let tileSize = 256 * exp2(zoom - Double(dataZoom))
        let count = 1 << dataZoom
        let firstX = Int((left / tileSize).rounded(.down)), lastX = Int(((left + Double(width)) / tileSize).rounded(.down))
        let firstY = max(0, Int((top / tileSize).rounded(.down)))
        let lastY = min(count - 1, Int(((top + Double(height)) / tileSize).rounded(.down)))
        guard firstY <= lastY, lastX - firstX < 64 else { return [] }
        var slots: [TileSlot] = []
        for y in firstY...lastY {
            for x in firstX...lastX {
                let x0 = (Double(x) * tileSize - left).rounded(), x1 = (Double(x + 1) * tileSize - left).rounded()
                let y0 = (Double(y) * tileSize - top).rounded(), y1 = (Double(y + 1) * tileSize - top).rounded()
                let wrapped = ((x % count) + count) % count
                slots.append(TileSlot(z: dataZoom, x: wrapped, y: y, originX: x0, originY: y0, width: x1 - x0, height: y1 - y0))
            }
        }
        return slots
    }
}

/// One tile's place on the canvas.
struct TileSlot: Sendable {
    let z: Int, x: Int, y: Int
    /// The top-left corner in canvas pixels (whole numbers).
    let originX: Double, originY: Double
    /// The size in canvas pixels (whole numbers).
    let width: Double, height: Double

    /// Pixels per tile coordinate for a layer of `extent`.
    func scale(extent: Int) -> (x: Double, y: Double) {
        (width / Double(extent), height / Double(extent))
    }
}
