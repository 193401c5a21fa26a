// DeviceReplies: parsing what a terminal answers to the kitty graphics query, DA1 and `CSI 16 t` — pure functions over bytes.

/// The answers found in a terminal's reply bytes.
public struct DeviceReplies: Sendable, Hashable {
    /// Parameters of the Primary Device Attributes reply (`CSI ? 63 ; 1 ; 4 c` → `[63, 1, 4]`).
    public var deviceAttributes: [Int]?
    /// The cell size from a `CSI 6 ; height ; width t` reply.
    public var cellSize: CellSize?
    /// The kitty graphics reply to the query (`ESC _ G i=31;OK ESC \` → `"OK"`), `nil` when none came.
    public var kittyGraphicsReply: String?
    /// True when the bytes cannot be the replies to the queries: more than `byteBudget` of them, or more
    /// than `strayByteAllowance` that belong to no reply (keys typed meanwhile are a few). What follows
    /// such a flood is discarded, never read as keys.
    public private(set) var isFlood = false

    /// The most bytes the replies to one round of queries take (they are tens of bytes).
    public static let byteBudget = 4096
    /// The most bytes outside any reply (keys typed during the wait) before the input counts as a flood.
    public static let strayByteAllowance = 256

    /// Scans `bytes` for the replies; other bytes (keys typed meanwhile) are ignored.
    public init(parsing bytes: [UInt8]) {
        var scanner = ReplyScanner()
        var stray = 0
        for byte in bytes {
            switch scanner.feed(byte) {
            case .key: stray += 1
            case .notAReply(let count): stray += count
            case .open: break
            case .reply(let reply): take(reply)
            }
        }
        isFlood = bytes.count > Self.byteBudget || stray > Self.strayByteAllowance
    }

    /// True once the wait for replies can end: the DA1 reply (which every terminal sends last) is
    /// complete, or the input is a flood.
    public static func endsWait(_ bytes: [UInt8]) -> Bool {
        let replies = DeviceReplies(parsing: bytes)
        return replies.deviceAttributes != nil || replies.isFlood
    }

    /// Whether the DA1 parameters advertise sixel graphics (parameter 4).
    public var advertisesSixel: Bool {
        guard let parameters = deviceAttributes, parameters.count > 1 else { return false }
        return parameters.dropFirst().contains(4)
    }

    /// Whether the terminal answered the kitty graphics query with `OK`.
    public var supportsKittyGraphics: Bool { kittyGraphicsReply == "OK" }

    private mutating func take(_ reply: TerminalReply) {
        switch reply.kind {
        case .applicationProgramCommand:
            if reply.body.first == UInt8(ascii: "G"), let message = Self.kittyMessage(reply.body, id: KittyGraphics.queryID) {
                kittyGraphicsReply = message
            }
        case .controlSequence(final: UInt8(ascii: "c")) where reply.body.first == UInt8(ascii: "?"):
            deviceAttributes = Self.numbers(reply.body.dropFirst())
        case .controlSequence(final: UInt8(ascii: "t")):
            let numbers = Self.numbers(reply.body[...])
            if numbers.count == 3, numbers[0] == 6 {
                cellSize = CellSize(reportedWidth: numbers[2], height: numbers[1])
            }
        default:
            break
        }
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
