// MapRenderer: draws the layers of decoded tiles onto a canvas — polygons filled (never outlined),
// lines stroked, each tile clipped to its own square, then labels, the pin and the attribution.
import Foundation
import SchemeLoader

/// One tile ready to draw: the decoded tile, where it goes, and the role of its file.
struct PlacedTile {
    let tile: VectorTile
    let slot: TileSlot
    let role: TileSourceRole
}

/// Draws one snapshot. Used once, on one thread.
struct MapRenderer {
    let snapshot: MapSnapshotURL
    let palette: MapPalette
    let canvas: CairoCanvas

    init(snapshot: MapSnapshotURL, canvas: CairoCanvas) {
        self.snapshot = snapshot
        self.palette = MapPalette.forStyle(snapshot.style)
        self.canvas = canvas
    }

    private var zoom: Double { snapshot.zoom }

    /// Draws every tile (in the given order: world, base maps, overlays), then labels, pin and attribution.
    func render(_ tiles: [PlacedTile], attribution: String) {
        canvas.fillAll(palette.sea)
        for placed in tiles {
            canvas.clip(x: placed.slot.originX, y: placed.slot.originY, width: placed.slot.width, height: placed.slot.height)
            switch placed.role {
            case .world: drawWorld(placed)
            case .baseMap, .overlay: drawOpenMapTiles(placed)
            }
            canvas.restore()
        }
        var labels = LabelPlacer(canvas: canvas, palette: palette, zoom: zoom)
        let pin = pinPoint
        if snapshot.showsPin {
            labels.reserve(x: pin.x - 7, y: pin.y - 7, width: 14, height: 14)
        }
        let box = attributionBox(attribution)
        labels.reserve(x: box.x, y: box.y, width: box.width, height: box.height)
        labels.place(tiles)
        if snapshot.showsPin { drawPin(at: pin) }
        drawAttribution(attribution)
    }

    // MARK: Snapterm's world file

    private func drawWorld(_ placed: PlacedTile) {
        fillLayer(placed, "land") { _ in palette.land }
        fillLayer(placed, "water") { feature in feature.string("class") == "ocean" ? palette.sea : palette.lake }
        // GMT's rivers do not follow the full-resolution shore (the Neva cuts across its delta):
        // they are drawn only while the zoom is low enough to hide it.
        if zoom < 9 {
            strokeLayer(placed, "waterway") { feature in
                let river = feature.string("class") == "river"
                guard river || (zoom >= 5 && zoom < 8) else { return nil }
                return (palette.river, river ? (zoom < 5 ? 0.6 : 1.1 + (zoom - 5) * 0.15) : 0.6)
            }
        }
        strokeLayer(placed, "boundary") { feature in
            let level = feature.number("admin_level") ?? 2
            if level <= 2 { return (palette.border, zoom < 4 ? 0.7 : 1.2) }
            return zoom >= 4 ? (palette.stateBorder, 0.7) : nil
        }
    }

    // MARK: OpenMapTiles schema (bring-your-own files and the Helsinki overlay)

    private func drawOpenMapTiles(_ placed: PlacedTile) {
        if placed.role == .baseMap {
            canvas.fillRectangle(x: placed.slot.originX, y: placed.slot.originY,
                                 width: placed.slot.width, height: placed.slot.height, color: palette.land)
        }
        fillLayer(placed, "landcover") { feature in
            switch feature.string("class") {
            case "wood", "forest": palette.wood
            case "ice", "sand", "rock", "wetland": nil
            default: palette.park
            }
        }
        fillLayer(placed, "park") { _ in palette.park }
        fillLayer(placed, "water") { feature in feature.string("class") == "ocean" ? palette.sea : palette.lake }
        strokeLayer(placed, "waterway") { feature in
            feature.string("class") == "river" ? (palette.lake, max(1, 3 * exp2(zoom - 14))) : (palette.lake, 1)
        }
        if zoom >= 13 { fillLayer(placed, "building") { _ in palette.building } }
        drawRoads(placed)
        strokeLayer(placed, "boundary") { feature in
            (feature.number("admin_level") ?? 2) <= 2 ? (palette.border, 1.2) : (palette.stateBorder, 0.7)
        }
    }

    /// Road width in pixels at zoom 15 per class; scaled by the zoom.
    private static func roadWidth(_ roadClass: String?) -> Double? {
        switch roadClass {
        case "motorway": 9
        case "trunk": 8
        case "primary": 7
        case "secondary": 6
        case "tertiary": 5
        case "minor": 4
        case "service", "track": 2.2
        case "path": 1.2
        case "rail", "transit": 1.4
        default: nil
        }
    }

    private func roadColor(_ roadClass: String?) -> MapColor {
        switch roadClass {
        case "motorway", "trunk", "primary": palette.majorRoad
        case "secondary", "tertiary": palette.mediumRoad
        case "path": palette.path
        case "rail", "transit": palette.rail
        default: palette.minorRoad
        }
    }

    private func drawRoads(_ placed: PlacedTile) {
        guard let layer = placed.tile.layer("transportation") else { return }
        // Widths shrink more slowly than the map below zoom 15, so main roads stay visible at 12.
        let factor = exp2((zoom - 15) * 0.6)
        let order = ["path", "rail", "transit", "track", "service", "minor", "tertiary", "secondary", "primary", "trunk", "motorway"]
        let hidden: Set<String> = zoom < 12.5 ? ["path", "track", "service", "minor"] : (zoom < 13.5 ? ["path", "track", "service"] : [])
        let byClass = Dictionary(grouping: layer.features.filter { $0.type == .lineString }) { $0.string("class") ?? "" }
        // Casings under the streets, then the streets from minor to major.
        for roadClass in order where !["path", "rail", "transit"].contains(roadClass) && !hidden.contains(roadClass) {
            guard let features = byClass[roadClass], let base = Self.roadWidth(roadClass) else { continue }
            let width = base * factor
            guard width >= 2 else { continue }
            stroke(features, placed, extent: layer.extent, color: palette.roadCasing, width: width + 1.5)
        }
        for roadClass in order where !hidden.contains(roadClass) {
            guard let features = byClass[roadClass], let base = Self.roadWidth(roadClass) else { continue }
            stroke(features, placed, extent: layer.extent, color: roadColor(roadClass), width: max(0.8, base * factor))
        }
    }

    // MARK: Layers

    private func fillLayer(_ placed: PlacedTile, _ name: String, color: (VectorFeature) -> MapColor?) {
        guard let layer = placed.tile.layer(name) else { return }
        let visible = visibleBox(placed.slot, extent: layer.extent, margin: 0)
        let scale = placed.slot.scale(extent: layer.extent)
        let tiny = 0.6 / scale.x  // polygons smaller than this many pixels would be a faint smudge: skipped
        var current: MapColor?
        for feature in layer.features where feature.type == .polygon && intersects(feature, visible, minimumSize: tiny) {
            guard let featureColor = color(feature) else { continue }
            if let current, current != featureColor { canvas.fill(current) }
            current = featureColor
            canvas.addPath(feature, originX: placed.slot.originX, originY: placed.slot.originY,
                           scaleX: scale.x, scaleY: scale.y, closed: true)
        }
        if let current { canvas.fill(current) }
    }

    private func strokeLayer(_ placed: PlacedTile, _ name: String, style: (VectorFeature) -> (MapColor, Double)?) {
        guard let layer = placed.tile.layer(name) else { return }
        var groups: [MapColor: [Double: [VectorFeature]]] = [:]
        var order: [(MapColor, Double)] = []
        for feature in layer.features where feature.type == .lineString {
            guard let chosen = style(feature) else { continue }
            let (color, width) = chosen
            if groups[color]?[width] == nil { order.append((color, width)) }
            groups[color, default: [:]][width, default: []].append(feature)
        }
        for (color, width) in order {
            stroke(groups[color]?[width] ?? [], placed, extent: layer.extent, color: color, width: width)
        }
    }

    private func stroke(_ features: [VectorFeature], _ placed: PlacedTile, extent: Int, color: MapColor, width: Double) {
        let scale = placed.slot.scale(extent: extent)
        let visible = visibleBox(placed.slot, extent: extent, margin: width / scale.x)
        var any = false
        for feature in features where intersects(feature, visible) {
            canvas.addPath(feature, originX: placed.slot.originX, originY: placed.slot.originY,
                           scaleX: scale.x, scaleY: scale.y, closed: false)
            any = true
        }
        if any { canvas.stroke(color, width: width) }
    }

    /// The part of a tile that is on the canvas, in tile coordinates (plus `margin`).
    private func visibleBox(_ slot: TileSlot, extent: Int, margin: Double) -> (Double, Double, Double, Double) {
        let scale = slot.scale(extent: extent)
        let minX = (max(0, slot.originX) - slot.originX) / scale.x - margin
        let minY = (max(0, slot.originY) - slot.originY) / scale.y - margin
        let maxX = (min(Double(canvas.width), slot.originX + slot.width) - slot.originX) / scale.x + margin
        let maxY = (min(Double(canvas.height), slot.originY + slot.height) - slot.originY) / scale.y + margin
        return (minX, minY, maxX, maxY)
    }

    /// Whether a feature's bounds meet `box` (tile coordinates) and span at least `minimumSize` in one direction.
    private func intersects(_ feature: VectorFeature, _ box: (Double, Double, Double, Double), minimumSize: Double = 0) -> Bool {
        let b = feature.bounds
        guard Double(b.maxX) >= box.0 && Double(b.minX) <= box.2 && Double(b.maxY) >= box.1 && Double(b.minY) <= box.3 else {
            return false
        }
        return Double(b.maxX - b.minX) >= minimumSize || Double(b.maxY - b.minY) >= minimumSize
    }

    // MARK: Pin and attribution

    /// Where the pin's point is on the canvas: the centre, or its place (`pin_latitude`, `pin_longitude`) projected
    /// from the centre — on the nearer copy of the world, so a pin just across the antimeridian is drawn there.
    var pinPoint: (x: Double, y: Double) {
        let centreX = (Double(canvas.width) / 2).rounded(.down) + 0.5, centreY = (Double(canvas.height) / 2).rounded(.down) + 0.5
        guard let place = snapshot.pinPlace else { return (centreX, centreY) }
        let centre = WebMercator.pixel(latitude: snapshot.latitude, longitude: snapshot.longitude, zoom: zoom)
        let point = WebMercator.pixel(latitude: place.latitude, longitude: place.longitude, zoom: zoom)
        let world = WebMercator.worldSize(zoom: zoom)
        var dx = point.x - centre.x
        dx -= (dx / world).rounded() * world
        return (centreX + dx.rounded(), centreY + (point.y - centre.y).rounded())
    }

    private func drawPin(at point: (x: Double, y: Double)) {
        let (x, y) = point
        canvas.circle(x: x, y: y, radius: 6)
        canvas.fill(palette.halo)
        canvas.circle(x: x, y: y, radius: 4.5)
        canvas.fill(palette.pin)
        canvas.circle(x: x, y: y, radius: 1.5)
        canvas.fill(palette.halo)
    }

    /// The attribution's box in the bottom-right corner (whole pixels).
    private func attributionBox(_ text: String) -> (x: Double, y: Double, width: Double, height: Double, ascent: Double) {
        canvas.selectFont(size: 8.5, bold: false)
        let size = canvas.measure(text)
        let width = (size.width + 6).rounded(.up), height = (size.ascent + size.descent + 2).rounded(.up)
        return (Double(canvas.width) - width, Double(canvas.height) - height, width, height, size.ascent)
    }

    /// Draws the attribution on a translucent band in the bottom-right corner.
    private func drawAttribution(_ text: String) {
        let box = attributionBox(text)
        canvas.fillRectangle(x: box.x, y: box.y, width: box.width, height: box.height, color: palette.halo, alpha: 0.7)
        canvas.drawText(text, x: box.x + 3, y: box.y + 1 + box.ascent, color: palette.text, halo: palette.halo, haloWidth: 0)
    }
}
