// SwatchSchemeHandler: the example of the DocC article "Writing a scheme handler" — kept here, compiled and tested.
import Foundation
import SchemeLoader

/// Loads `swatch://?color=336699&size=8`: a square of one colour, as a binary PPM picture.
struct SwatchSchemeHandler: SchemeHandling {
    /// Where the pixels are made: `.shared` below a user interface, `.foreground` for a command.
    var workers: WorkerPool = .shared

    /// Takes the `swatch` scheme, whatever its case.
    func canHandle(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "swatch"
    }

    /// One key per picture: the colour in lower case, the default size spelled out, parameters sorted.
    func canonicalURL(for url: URL) throws -> URL {
        let (color, size) = try Self.parameters(of: url)
        return URLCanonicalizer.customSchemeURL(scheme: "swatch", items: [("color", color), ("size", String(size))])
    }

    /// Makes the picture: the pixels as work on a worker (at this load's priority), then a response and the bytes.
    func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let (color, size) = try Self.parameters(of: task.url)
        let value = UInt32(color, radix: 16) ?? 0
        let pixel = [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        let header = Data("P6\n\(size) \(size)\n255\n".utf8)
        // CPU work waits for a worker, most urgent first; if the last caller cancels meanwhile, it never runs.
        let pixels = try await task.work(on: workers) { Data((0..<size * size).flatMap { _ in pixel }) }
        client.didReceive(LoadResponse(mimeType: "image/x-portable-pixmap",
                                       expectedLength: header.count + pixels.count,
                                       storagePolicy: .memoryOnly))  // cheaper to make again than to read from disk
        client.didLoad(header)
        try Task.checkCancellation()  // stop promptly when the last caller has cancelled
        client.didLoad(pixels)
    }

    /// The colour (six hexadecimal digits, lower case) and the side in pixels (1…256, default 8).
    private static func parameters(of url: URL) throws -> (color: String, size: Int) {
        let query = try QueryParameters(url, allowed: ["color", "size"])
        let color = try query.requiredString("color").lowercased()
        guard color.count == 6, color.allSatisfy(\.isHexDigit) else {
            throw LoadError.invalidParameter(name: "color", value: color, reason: "not six hexadecimal digits")
        }
        return (color, try query.int("size", in: 1...256) ?? 8)
    }
}
