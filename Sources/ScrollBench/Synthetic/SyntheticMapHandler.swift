// SyntheticMapHandler: a stand-in `map://` handler for the benchmark until the real renderer is on
// main — a deterministic picture per URL after a configurable delay.
import Foundation
import SchemeLoader

/// Answers `map://` snapshot URLs with a deterministic PPM picture of the requested size: a
/// pattern derived from the coordinates and a pin at the centre. Each render is the load's work on
/// `workers`, as the real renderer's is: it holds a worker for `cost` (a sleep standing for the renderer's
/// time, so a shared machine's CPU is not burnt), then draws. Only for benchmarks: `snapterm-bench scroll`
/// says when it is in use.
public struct SyntheticMapHandler: SchemeHandling {
    /// The time one render takes.
    public let cost: Duration
    private let workers: WorkerPool

    /// Creates the handler with a render time of `cost`, rendering on `workers`.
    public init(cost: Duration = .milliseconds(50), workers: WorkerPool = .shared) {
        self.cost = cost
        self.workers = workers
    }

    public func canHandle(_ url: URL) -> Bool { url.scheme?.lowercased() == MapSnapshotURL.scheme }

    public func canonicalURL(for url: URL) throws -> URL { try MapSnapshotURL(url: url).url }

    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let map = try MapSnapshotURL(url: task.url)
        let data = try await task.work(on: workers) { [cost] in
            if cost > .zero { Thread.sleep(forTimeInterval: cost.seconds) }
            return Self.render(map)
        }
        try Task.checkCancellation()
        client.didReceive(LoadResponse(mimeType: "image/x-portable-pixmap", expectedLength: data.count))
        client.didLoad(data)
    }

    /// The picture for `map`, as a binary PPM (P6) file.
    public static func render(_ map: MapSnapshotURL) -> Data {
        let width = map.width, height = map.height
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let seed = UInt64(bitPattern: Int64((map.latitude * 1e4).rounded())) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(bitPattern: Int64((map.longitude * 1e4).rounded()))
        let water: (UInt8, UInt8, UInt8) = (170, 200, 230), land: (UInt8, UInt8, UInt8) = (225, 220, 200)
        let road: (UInt8, UInt8, UInt8) = (250, 250, 250), pin: (UInt8, UInt8, UInt8) = (220, 40, 40)
        for y in 0..<height {
            for x in 0..<width {
                let cell = UInt64((x / 16) &* 31 &+ (y / 12) &* 17) &* 0xBF58_476D_1CE4_E5B9 ^ seed
                var colour = (cell >> 33) % 3 == 0 ? water : land
                if (x &+ Int(seed % 29)) % 23 == 0 || (y &+ Int(seed % 31)) % 19 == 0 { colour = road }
                let dx = x - width / 2, dy = y - height / 2
                if map.showsPin, dx * dx + dy * dy <= 9 { colour = pin }
                let base = (y * width + x) * 3
                pixels[base] = colour.0; pixels[base + 1] = colour.1; pixels[base + 2] = colour.2
            }
        }
        return Data("P6\n\(width) \(height)\n255\n".utf8) + Data(pixels)
    }
}
