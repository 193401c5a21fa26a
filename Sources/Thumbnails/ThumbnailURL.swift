// ThumbnailURL: `thumb://?src=<url>&cols=…` — a picture encoded for a terminal box, as a URL.
import Foundation
import SchemeLoader
import TerminalGraphics

/// The thumbnail of `source` for `box`. As a URL it goes through the loader like any picture:
/// cached in memory and on disk, shared between cells, cancelled with them.
public struct ThumbnailURL: Sendable, Hashable {
    /// The URL scheme: `thumb`.
    public static let scheme = "thumb"
    static let parameterNames: Set<String> = ["src", "cols", "rows", "cw", "ch", "mode", "palette", "colors", "embedded", "anim", "enc", "sketch", "frames"]

    /// The picture's own URL.
    public var source: URL
    /// Where and how it is shown.
    public var box: ThumbnailBox
    /// A quick stand-in (a preview): made from the small picture a photo carries in its EXIF block, never by
    /// decoding the photo itself; a picture without one has no such preview (`LoadError.handlerFailed`).
    public var fromEmbeddedThumbnail: Bool
    /// An animated GIF or WebP plays: in a kitty box (the terminal plays it) the thumbnail is every frame, a
    /// `KittyAnimatedPicture`; anywhere else it stays the first frame, so the flag is kept for kitty only.
    public private(set) var animated: Bool
    /// The picture's `ColourSketch` (its text form, `sketchMIMEType`) instead of a terminal picture: what a message
    /// keeps to draw while its picture loads, made from `source` as it is.
    public private(set) var isSketch: Bool

    /// Every frame of an animated GIF or WebP encoded for the box, in any mode: an `AnimatedThumbnail` blob, its
    /// frames so far reported as the load's previews while the others are made — what a view or `render` plays.
    public private(set) var isFrames: Bool

    /// The MIME type of a sketch's bytes (`ColourSketch.encoded` in UTF-8).
    public static let sketchMIMEType = "text/x-colour-sketch"

    /// Creates the thumbnail URL of `source` for `box`.
    public init(source: URL, box: ThumbnailBox, fromEmbeddedThumbnail: Bool = false, animated: Bool = false) {
        self.source = source
        self.box = box
        self.fromEmbeddedThumbnail = fromEmbeddedThumbnail
        self.animated = animated && box.mode == .kitty && !fromEmbeddedThumbnail
        isSketch = false
        isFrames = false
    }

    /// The URL of every frame of `source` for `box` (`isFrames`): one load of the one loader, at its caller's
    /// priority, joined with other asks, cached, and cancelled when nobody waits.
    public static func frames(of source: URL, box: ThumbnailBox) -> ThumbnailURL {
        var frames = ThumbnailURL(source: source, box: box)
        frames.isFrames = true
        return frames
    }

    /// The sketch URL of `source` (the render a thumbnail for `box` is made from): a load of the one loader like a
    /// thumbnail's, at its caller's priority, joined with other asks and cancelled when nobody waits.
    public static func sketch(of source: URL, box: ThumbnailBox) -> ThumbnailURL {
        var sketch = ThumbnailURL(source: source, box: box)
        sketch.isSketch = true
        return sketch
    }

    /// Parses a `thumb://` URL.
    public init(url: URL) throws {
        let query = try QueryParameters(url, allowed: Self.parameterNames)
        let text = try query.requiredString("src")
        guard let source = URL(string: text), source.scheme != nil else {
            throw LoadError.invalidParameter(name: "src", value: text, reason: "not a URL")
        }
        self.source = source
        box = ThumbnailBox(
            columns: try query.int("cols", in: ThumbnailBox.cellRange) ?? 16, rows: try query.int("rows", in: ThumbnailBox.cellRange) ?? 5,
            cellWidth: try query.int("cw", in: CellSize.plausibleWidths) ?? 8,
            cellHeight: try query.int("ch", in: CellSize.plausibleHeights) ?? 16,
            mode: try query.choice("mode", of: GraphicsMode.self) ?? .symbols,
            palette: try query.choice("palette", of: SixelPalette.self) ?? .auto,
            colors: try query.choice("colors", of: ColorDepth.self) ?? .truecolor)
        _ = try query.int("enc", in: 1...1_000)  // the encoder that made a cached copy: `url` always names the current one
        fromEmbeddedThumbnail = try query.int("embedded", in: 0...1) == 1
        isSketch = try query.int("sketch", in: 0...1) == 1
        isFrames = try query.int("frames", in: 0...1) == 1 && !isSketch
        animated = try query.int("anim", in: 0...1) == 1 && box.mode == .kitty && !fromEmbeddedThumbnail && !isSketch && !isFrames
        if isSketch || isFrames { fromEmbeddedThumbnail = false }
    }

    /// The URL form; `palette` appears only for sixel and `colors` only for symbols, so one
    /// picture has one key. A sixel key names the sixel encoder's version (`enc`), so copies an older
    /// encoder left in the disk cache are never shown again.
    public var url: URL {
        var items = [
            ("src", source.absoluteString), ("cols", String(box.columns)), ("rows", String(box.rows)),
            ("cw", String(box.cellWidth)), ("ch", String(box.cellHeight)), ("mode", box.mode.rawValue),
        ]
        if box.mode == .sixel {
            items.append(("palette", box.palette.rawValue))
            items.append(("enc", String(SixelEncoder.version)))
        }
        if box.mode == .symbols { items.append(("colors", box.colors.rawValue)) }
        if fromEmbeddedThumbnail { items.append(("embedded", "1")) }
        if animated { items.append(("anim", "1")) }
        if isSketch { items.append(("sketch", "1")) }
        if isFrames { items.append(("frames", "1")) }
        return URLCanonicalizer.customSchemeURL(scheme: Self.scheme, items: items)
    }
}
