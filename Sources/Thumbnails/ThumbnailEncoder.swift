// ThumbnailEncoder: the concrete thumbnail stage — decode, fit into the box's whole cells, encode for the terminal.
import Foundation
import Imaging
import TerminalGraphics

/// Decodes picture bytes with Imaging (shrink-on-load), scales them to the box's cell geometry
/// and encodes them with TerminalGraphics. A value: safe to share between tasks.
public struct ThumbnailEncoder: ThumbnailEncoding {
    /// The decoder and resizer (with its size limits).
    public let processor: ImageProcessor
    /// Sixel dithering (the palette comes from the box).
    public var diffusion: SixelDiffusion

    /// Creates an encoder.
    public init(processor: ImageProcessor = ImageProcessor(), diffusion: SixelDiffusion = .atkinson) {
        self.processor = processor
        self.diffusion = diffusion
    }

    /// The picture scaled (and centre-cropped by at most half a cell) to the box's cell geometry.
    public func bitmap(_ data: Data, for box: ThumbnailBox) throws -> (bitmap: Bitmap, geometry: CellGeometry) {
        let info = try processor.info(of: data)
        let geometry = try box.geometry(imageWidth: info.width, imageHeight: info.height)
        let bitmap = try processor.thumbnail(data, width: geometry.pixelWidth, height: geometry.pixelHeight, mode: .fill)
        return (bitmap, geometry)
    }

    /// Encodes an already scaled bitmap for `box`. `inPlace`: it will be drawn over another picture in the same
    /// cells (an animation's next frame), so sixel paints even its transparent pixels.
    public func encode(_ bitmap: Bitmap, geometry: CellGeometry, for box: ThumbnailBox, inPlace: Bool = false) throws -> TerminalPicture {
        let sixel = SixelOptions(palette: box.palette, diffusion: diffusion, transparency: !inPlace)
        let encoder = PictureEncoder(sixel: sixel, colorDepth: box.colors)
        return try encoder.encode(bitmap, geometry: geometry, mode: box.mode)
    }

    /// Decodes, fits and encodes `data` for `box`.
    public func encode(_ data: Data, for box: ThumbnailBox) throws -> TerminalPicture {
        try encodeTimed(data, for: box).picture
    }

    /// Like `encode(_:for:)`, timing decode+scale and encoding separately.
    public func encodeTimed(_ data: Data, for box: ThumbnailBox) throws -> (picture: TerminalPicture, times: ThumbnailStageTimes) {
        let clock = ContinuousClock()
        let start = clock.now
        let (bitmap, geometry) = try bitmap(data, for: box)
        let scaled = clock.now
        let picture = try encode(bitmap, geometry: geometry, for: box)
        return (picture, ThumbnailStageTimes(decode: scaled - start, encode: clock.now - scaled))
    }
}
