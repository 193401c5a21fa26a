// BlurHashSketch: a received picture's BlurHash with the picture's size, in a text form kept where a colour sketch is
// kept — so a list draws it at once, in the picture's shape, as the stand-in of a picture not loaded yet.

/// A ``BlurHash`` and the size of the picture it stands for (a Matrix image's `info.w` and `info.h`, when given).
/// Its text form is `blurhash/WxH/HASH`, or `blurhash//HASH` without a size: no ``ColourSketch`` text (`WxH:` then
/// hex) starts so, and a message store keeps either in the same place.
public struct BlurHashSketch: Sendable, Hashable {
    /// The hash.
    public let hash: BlurHash
    /// The picture's width and height in pixels (1…`maxSide`), both `nil` when unknown: then the stand-in fills its box.
    public let width: Int?, height: Int?

    /// The largest width or height kept; a larger (or missing, zero, negative) one leaves the size unknown.
    public static let maxSide = Int(Int32.max)
    static let prefix = "blurhash/"

    /// A sketch of the hash `text` for a picture of `width`×`height` (either may be missing or out of range: then
    /// the size is unknown); throws when `text` is no BlurHash.
    public init(hash text: String, width: Int?, height: Int?) throws(BlurHashError) {
        hash = try BlurHash(text)
        if let width, let height, (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) {
            self.width = width
            self.height = height
        } else {
            self.width = nil
            self.height = nil
        }
    }

    /// Reads the text form; `nil` for anything else.
    public init?(encoded text: String) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        let parts = text.dropFirst(Self.prefix.count).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var width: Int?, height: Int?
        if !parts[0].isEmpty {
            let sides = parts[0].split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, let w = Int(sides[0]), let h = Int(sides[1]),
                  (1...Self.maxSide).contains(w), (1...Self.maxSide).contains(h) else { return nil }
            width = w
            height = h
        }
        guard let sketch = try? Self(hash: String(parts[1]), width: width, height: height) else { return nil }
        self = sketch
    }

    /// The text form: `blurhash/WxH/HASH` or `blurhash//HASH`.
    public var encoded: String {
        let size = width.flatMap { width in height.map { "\(width)x\($0)" } } ?? ""
        return Self.prefix + size + "/" + hash.text
    }
}
