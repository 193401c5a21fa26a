// MapSnapshotter+Drawing: one snapshot — the tiles it needs, those not cached read at once, then the Cairo drawing.
import Foundation
import SchemeLoader

extension MapSnapshotter {
    /// A tile a snapshot draws: decoded (from the cache; nil for a known gap) or as stored (nil: absent).
    enum TileContent: Sendable {
        case decoded(VectorTile?)
        case stored(Data?)
    }

    /// The slots of one archive in one snapshot.
    struct ArchiveSlots: Sendable {
        let archive: Int
        let slots: [TileSlot]
    }

    /// Reads the tiles of `snapshot`, then draws it on `renderPool` and hands the canvas to `finish` there.
    func rendered<T: Sendable>(_ snapshot: MapSnapshotURL, on renderPool: WorkerPool,
                               _ finish: @escaping @Sendable (CairoCanvas) throws -> T) async throws -> T {
        try await rendered(snapshot, drawing: { draw in try await renderPool.run(draw) }, finish)
    }

    /// Reads the tiles of `snapshot`, then draws it through `drawing` (which runs the drawing on a worker) and hands
    /// the canvas to `finish` there.
    func rendered<T: Sendable>(_ snapshot: MapSnapshotURL,
                               drawing: (@escaping @Sendable () throws -> T) async throws -> T,
                               _ finish: @escaping @Sendable (CairoCanvas) throws -> T) async throws -> T {
        let plan = plan(MapViewport(snapshot))
        let contents = try await contents(of: plan)
        try Task.checkCancellation()
        return try await drawing { [self] in
            try finish(draw(snapshot, plan: plan, contents: contents))
        }
    }

    /// Which tiles of which archive cover the viewport, in drawing order.
    func plan(_ viewport: MapViewport) -> [ArchiveSlots] {
        archives.indices.compactMap { index in
            guard let dataZoom = viewport.dataZoom(for: archives[index].zoomRange) else { return nil }
            return ArchiveSlots(archive: index, slots: viewport.tileSlots(dataZoom: dataZoom))
        }
    }

    /// Every planned tile: decoded ones from the cache, the others read concurrently from their archives.
    private func contents(of plan: [ArchiveSlots]) async throws -> [TileKey: TileContent] {
        var contents: [TileKey: TileContent] = [:]
        var missing: [(key: TileKey, archive: any TileArchive)] = []
        var seen: Set<TileKey> = []
        for part in plan {
            let archive = archives[part.archive]
            for slot in part.slots {
                let key = TileKey(path: archive.name, z: slot.z, x: slot.x, y: slot.y)
                guard seen.insert(key).inserted else { continue }
                if let cached = cache.tile(for: key) { contents[key] = .decoded(cached) } else { missing.append((key, archive)) }
            }
        }
        try await withThrowingTaskGroup(of: (TileKey, Data?).self) { group in
            for (key, archive) in missing {
                group.addTask { (key, try await archive.tileData(z: key.z, x: key.x, y: key.y)) }
            }
            for try await (key, data) in group { contents[key] = .stored(data) }
        }
        return contents
    }

    /// Decodes what was read (keeping it in the cache) and draws the picture with its attribution.
    private func draw(_ snapshot: MapSnapshotURL, plan: [ArchiveSlots], contents: [TileKey: TileContent]) throws(MapSnapshotError) -> CairoCanvas {
        var placed: [PlacedTile] = []
        var credits: [String] = []
        for part in plan {
            let archive = archives[part.archive]
            var used = false
            for slot in part.slots {
                let key = TileKey(path: archive.name, z: slot.z, x: slot.x, y: slot.y)
                guard let decoded = try decode(contents[key], key: key) else { continue }
                placed.append(PlacedTile(tile: decoded, slot: slot, role: archive.role))
                used = true
            }
            if used || archive.role == .world {
                let credit = archive.role == .world ? Self.worldAttribution : (archive.attribution ?? Self.openStreetMapAttribution)
                if !credits.contains(credit) { credits.append(credit) }
            }
        }
        let canvas = try CairoCanvas(width: snapshot.width, height: snapshot.height)
        MapRenderer(snapshot: snapshot, canvas: canvas).render(placed, attribution: credits.joined(separator: " · "))
        return canvas
    }

    private func decode(_ content: TileContent?, key: TileKey) throws(MapSnapshotError) -> VectorTile? {
        switch content {
        case .decoded(let tile):
            return tile
        case .stored(let data):
            if let cached = cache.tile(for: key) { return cached }  // another snapshot decoded it meanwhile
            var tile: VectorTile?
            if let data { tile = try TileDecoder.decode(data, archive: key.path, z: key.z, x: key.x, y: key.y) }
            cache.insert(tile, for: key)
            return tile
        case nil:
            return nil
        }
    }
}
