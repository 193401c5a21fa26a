// LabelPlacer: place names from the tiles' `place` layers — most important first, none overlapping.
import Foundation

/// Chooses and draws place labels so that no two overlap (and none covers a reserved box).
struct LabelPlacer {
    private struct Candidate {
        let name: String
        let x: Double, y: Double
        let importance: Double
        let fontSize: Double
        let bold: Bool
        let dot: Bool
    }

    private typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    let canvas: CairoCanvas
    let palette: MapPalette
    let zoom: Double
    /// Boxes text must avoid: placed labels, their dots, and reserved areas.
    private var taken: [Box] = []
    /// Boxes dots must avoid: placed labels only (a town's dot may sit under the pin).
    private var labelBoxes: [Box] = []

    init(canvas: CairoCanvas, palette: MapPalette, zoom: Double) {
        self.canvas = canvas
        self.palette = palette
        self.zoom = zoom
    }

    /// Keeps labels away from a rectangle (the pin, the attribution).
    mutating func reserve(x: Double, y: Double, width: Double, height: Double) {
        taken.append((x, y, x + width, y + height))
    }

    /// Draws the labels of every `place` point that lies inside its own tile.
    mutating func place(_ tiles: [PlacedTile]) {
        var seen = Set<String>()
        var candidates: [Candidate] = []
        for placed in tiles {
            guard let layer = placed.tile.layer("place") else { continue }
            let scale = placed.slot.scale(extent: layer.extent)
            for feature in layer.features where feature.type == .point {
                guard let name = feature.string("name"), !name.isEmpty, feature.coordinates.count >= 2 else { continue }
                let tx = feature.coordinates[0], ty = feature.coordinates[1]
                // Points in the buffer belong to the neighbouring tile, which labels them.
                guard tx >= 0, ty >= 0, Int(tx) < layer.extent, Int(ty) < layer.extent else { continue }
                let x = placed.slot.originX + Double(tx) * scale.x, y = placed.slot.originY + Double(ty) * scale.y
                guard x >= 0, y >= 0, x < Double(canvas.width), y < Double(canvas.height) else { continue }
                let key = "\(name)|\(Int(x / 4))|\(Int(y / 4))"
                guard seen.insert(key).inserted, let candidate = Self.candidate(feature, name: name, x: x, y: y) else { continue }
                candidates.append(candidate)
            }
        }
        candidates.sort { ($0.importance, $1.name) > ($1.importance, $0.name) }
        let limit = max(4, canvas.width * canvas.height / 5000)
        var placedCount = 0
        for candidate in candidates where placedCount < limit {
            if tryPlace(candidate) { placedCount += 1 }
        }
    }

    private static func candidate(_ feature: VectorFeature, name: String, x: Double, y: Double) -> Candidate? {
        let placeClass = feature.string("class") ?? "town"
        let population = feature.number("population") ?? 0
        let rank = feature.number("rank") ?? 1000
        let capital = (feature.number("capital") ?? 0) > 0
        var importance: Double
        switch placeClass {
        case "continent", "ocean", "sea": return nil
        case "country": importance = 5e8
        case "state", "province": importance = 2e8
        case "city": importance = 1e6
        case "town": importance = 1e5
        case "village": importance = 1e4
        case "suburb", "quarter": importance = 5e3
        default: importance = 1e3
        }
        if population > 0 { importance = population }
        if capital { importance *= 4 }
        importance -= min(rank, 1e6) * 1e-3
        let big = importance >= 1e6
        let dot = !["country", "state", "province", "suburb", "quarter", "neighbourhood"].contains(placeClass)
        return Candidate(name: name, x: x, y: y, importance: importance,
                         fontSize: big ? 11.5 : (importance >= 1e5 ? 10.5 : 9.5), bold: big, dot: dot)
    }

    /// Tries the label right of its dot, then left, then above; draws it at the first free spot.
    private mutating func tryPlace(_ label: Candidate) -> Bool {
        canvas.selectFont(size: label.fontSize, bold: label.bold)
        let size = canvas.measure(label.name)
        let height = size.ascent + size.descent
        let gap = label.dot ? 4.0 : 0
        let dotBox: Box = (label.x - 3, label.y - 3, label.x + 3, label.y + 3)
        var spots: [(Double, Double)] = [  // top-left corners of the text box
            (label.x + gap, label.y - height / 2), (label.x - gap - size.width, label.y - height / 2),
            (label.x - size.width / 2, label.y - gap - height),
        ]
        if !label.dot { spots = [(label.x - size.width / 2, label.y - height / 2)] }
        for (x, y) in spots {
            let box: Box = (x - 2, y - 1, x + size.width + 2, y + height + 1)
            guard box.x0 >= 0, box.y0 >= 0, box.x1 <= Double(canvas.width), box.y1 <= Double(canvas.height) else { continue }
            guard !overlaps(box, taken), !label.dot || !overlaps(dotBox, labelBoxes) else { continue }
            if label.dot {
                canvas.circle(x: label.x, y: label.y, radius: 2.2)
                canvas.fill(palette.halo)
                canvas.circle(x: label.x, y: label.y, radius: 1.6)
                canvas.fill(palette.text)
                taken.append(dotBox)
                labelBoxes.append(dotBox)
            }
            canvas.drawText(label.name, x: x.rounded(), y: (y + size.ascent).rounded(),
                            color: palette.text, halo: palette.halo, haloWidth: 2.5)
            taken.append(box)
            labelBoxes.append(box)
            return true
        }
        return false
    }

    private func overlaps(_ box: Box, _ boxes: [Box]) -> Bool {
        boxes.contains { $0.x0 < box.x1 && box.x0 < $0.x1 && $0.y0 < box.y1 && box.y0 < $0.y1 }
    }
}
