// DeviceReplies: parsing what a terminal answers to DA1 and `CSI 16 t` — pure functions over bytes.

/// The answers found in a terminal's reply bytes.
public struct DeviceReplies: Sendable, Hashable {
    /// Parameters of the Primary Device Attributes reply (`CSI ? 63 ; 1 ; 4 c` → `[63, 1, 4]`).
    public var deviceAttributes: [Int]?
    /// The cell size from a `CSI 6 ; height ; width t` reply.
    public var cellSize: CellSize?

    /// Scans `bytes` for the two replies; other bytes (keys typed meanwhile) are ignored.
    public init(parsing bytes: [UInt8]) {
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else { index += 1; continue }
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

    /// The parameters; one too long to be a number (or not a number) reads as 0.
    private static func numbers(_ body: ArraySlice<UInt8>) -> [Int] {
        body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { $0.count <= 9 ? Int(String(decoding: $0, as: UTF8.self)) ?? 0 : 0 }
    }
}
