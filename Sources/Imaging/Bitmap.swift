// Bitmap: decoded pixels as a value — what Imaging produces and TerminalGraphics consumes.

/// An image in memory: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom,
/// no padding between rows (`pixels.count == width * height * 4`).
public struct Bitmap: Sendable, Hashable {
    /// Width in pixels (≥ 1).
    public let width: Int
    /// Height in pixels (≥ 1).
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, row by row.
    public var pixels: [UInt8]

    /// Wraps `pixels`; returns `nil` when the sizes do not match.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap filled with one colour.
    public init(width: Int, height: Int, filledWith colour: RGBA) {
        precondition(width > 0 && height > 0, "a bitmap has at least one pixel")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<(width * height) { self[index] = colour }
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBA {
        get { self[y * width + x] }
        set { self[y * width + x] = newValue }
    }

    private subscript(index: Int) -> RGBA {
        get {
            let base = index * 4
            return RGBA(red: pixels[base], green: pixels[base + 1], blue: pixels[base + 2], alpha: pixels[base + 3])
        }
        set {
            let base = index * 4
            pixels[base] = newValue.red
            pixels[base + 1] = newValue.green
            pixels[base + 2] = newValue.blue
            pixels[base + 3] = newValue.alpha
        }
    }
}

/// One 8-bit RGBA colour.
public struct RGBA: Sendable, Hashable {
    /// The channels, 0…255; alpha 255 is opaque.
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Creates a colour, opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

extension Bitmap {
    /// True when every pixel has alpha 255.
    public var isOpaque: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }
}
