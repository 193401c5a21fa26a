// FramesBlob: the cache form of an animation's frames — a tag, a few numbers, the gaps, the frames' lengths, the frames.
import Foundation

/// One blob holding the frames of an animation: `<tag>` header numbers `;` gaps `;` the frames' lengths `;` the
/// frames. `KittyAnimatedPicture` (tag `A`, PNG frames) and the frames of an animation being made (tag `F`, one
/// `TerminalPicture` encoding each, fewer frames than gaps until the last) are kept so by the thumbnail cache.
public struct FramesBlob: Sendable, Hashable {
    /// The most frames a blob is read with (the animation decoder's own cap is lower).
    static let maximumFrames = 10_000

    /// What the kind of blob keeps beside its frames (cells, loop count), as numbers ≥ 0.
    public var header: [Int]
    /// Milliseconds each frame stays, one per frame of the whole animation.
    public var gaps: [Int]
    /// The frames' bytes, in order.
    public var frames: [Data]

    /// Creates a blob's contents.
    public init(header: [Int], gaps: [Int], frames: [Data]) {
        self.header = header
        self.gaps = gaps
        self.frames = frames
    }

    /// The blob, starting with the ASCII `tag`.
    public func encoded(tag: Character) -> Data {
        var out = Data("\(tag)\(header.map(String.init).joined(separator: ","));".utf8)
        out += Data((gaps.map(String.init).joined(separator: ",") + ";").utf8)
        out += Data((frames.map { String($0.count) }.joined(separator: ",") + ";").utf8)
        for frame in frames { out += frame }
        return out
    }

    /// Reads a blob made by `encoded(tag:)` with `tag` and `headerCount` header numbers; `nil` for anything else.
    public init?(encoded: Data, tag: Character, headerCount: Int) {
        guard let tagByte = tag.asciiValue, encoded.first == tagByte else { return nil }
        var rest = encoded.dropFirst()
        func numbers() -> [Int]? {
            guard let end = rest.prefix(16 * Self.maximumFrames).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let fields = rest[rest.startIndex..<end].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            rest = rest[(end + 1)...]
            let values = fields.compactMap { Int(String(decoding: $0, as: UTF8.self)) }
            return values.count == fields.count && values.allSatisfy({ $0 >= 0 }) ? values : nil
        }
        guard let header = numbers(), header.count == headerCount, let gaps = numbers(), gaps.count <= Self.maximumFrames,
              let lengths = numbers(), lengths.count <= Self.maximumFrames,
              lengths.reduce(0, { $0.addingReportingOverflow($1).overflow ? Int.max : $0 + $1 }) == rest.count else { return nil }
        var frames: [Data] = []
        for length in lengths {
            frames.append(Data(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        self.init(header: header, gaps: gaps, frames: frames)
    }
}
