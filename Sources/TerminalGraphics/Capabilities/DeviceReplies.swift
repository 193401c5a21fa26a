// DeviceReplies: parsing what a terminal answers to the kitty graphics query, DA1 and `CSI 16 t` — pure functions over bytes.

/// The answers found in a terminal's reply bytes.
public struct DeviceReplies: Sendable, Hashable {
    /// Parameters of the Primary Device Attributes reply (`CSI ? 63 ; 1 ; 4 c` → `[63, 1, 4]`).
    public var deviceAttributes: [Int]?
    /// The cell size from a `CSI 6 ; height ; width t` reply.
    public var cellSize: CellSize?
    /// The kitty graphics reply to the query (`ESC _ G i=31;OK ESC \` → `"OK"`), `nil` when none came.
    public var kittyGraphicsReply: String?

    /// Scans `bytes` for the replies; other bytes (keys typed meanwhile) are ignored.
    public init(parsing bytes: [UInt8]) {
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == 0x1B else { index += 1; continue }
            if bytes[index + 1] == UInt8(ascii: "_") {
                guard let end = Self.stringTerminator(in: bytes, from: index + 2) else { break }
                let body = Array(bytes[(index + 2)..<end])
                if body.first == UInt8(ascii: "G"), let message = Self.kittyMessage(body, id: KittyGraphics.queryID) {
                    kittyGraphicsReply = message
                }
                index = end + 2
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "[") else { index += 1; continue }
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { break }
            let body = bytes[(index + 2)..<end]
            let final = bytes[end]
            if final == UInt8(ascii: "c"), body.first == UInt8(ascii: "?") {
                deviceAttributes = Self.numbers(body.dropFirst())
            } else if final == UInt8(ascii: "t") {
                let numbers = Self.numbers(body)
                if numbers.count == 3, numbers[0] == 6 {
                    cellSize = CellSize(reportedWidth: numbers[2], height: numbers[1])
                }
            }
            index = end + 1
        }
    }

    /// True once the DA1 reply (which every terminal sends last) is complete.
    public static func containsDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        DeviceReplies(parsing: bytes).deviceAttributes != nil
    }

    /// Whether the DA1 parameters advertise sixel graphics (parameter 4).
    public var advertisesSixel: Bool {
        guard let parameters = deviceAttributes, parameters.count > 1 else { return false }
        return parameters.dropFirst().contains(4)
    }

    /// Whether the terminal answered the kitty graphics query with `OK`.
    public var supportsKittyGraphics: Bool { kittyGraphicsReply == "OK" }

    /// The index of the `ESC \` that ends an APC string starting at `start`, or `nil` when it is incomplete.
    private static func stringTerminator(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
    }

    /// The message of a kitty reply `G key=value,…;message` for image `id`.
    private static func kittyMessage(_ body: [UInt8], id: Int) -> String? {
        let text = String(decoding: body.dropFirst(), as: UTF8.self)
        guard let separator = text.firstIndex(of: ";") else { return nil }
        let keys = text[..<separator].split(separator: ",")
        guard keys.contains(where: { $0 == "i=\(id)" }) else { return nil }
        return String(text[text.index(after: separator)...])
    }

    /// The parameters; one too long to be a number (or not a number) reads as 0.
    private static func numbers(_ body: ArraySlice<UInt8>) -> [Int] {
        body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { $0.count <= 9 ? Int(String(decoding: $0, as: UTF8.self)) ?? 0 : 0 }
    }
}
