// AnimationFrames: an animated GIF or WebP being made for a box — decoded in order, each frame handed on to be
// encoded as soon as it is decoded, so the first is shown while the others decode.
import Foundation
import Imaging
import TerminalGraphics

/// The frames of one animation for one box. `decode()` (blocking CPU work) decodes them in order and hands each
/// on; `next()` awaits the next; `encode(_:)` makes it a terminal picture; `stop()` ends the decoding at its next
/// frame. Made by `ThumbnailEncoder.animationFrames(of:for:)`; the thumbnail stage runs each step as its load's work.
public final class AnimationFrames: Sendable {
    /// The cells and pixels every frame is made for.
    public let geometry: CellGeometry
    private let data: Data
    private let box: ThumbnailBox
    private let decoder: AnimationDecoder
    private let encoder: ThumbnailEncoder
    private let decoded = DecodedFrames()

    init(_ data: Data, box: ThumbnailBox, geometry: CellGeometry, decoder: AnimationDecoder, encoder: ThumbnailEncoder) {
        self.data = data
        self.box = box
        self.geometry = geometry
        self.decoder = decoder
        self.encoder = encoder
    }

    /// Decodes every frame within the limits, handing each on as it is made, until the end or a `stop()`.
    public func decode() {
        decoded.finish(Result { () throws(ImagingError) -> Animation? in
            try decoder.decode(data, width: geometry.pixelWidth, height: geometry.pixelHeight) { decoded.put($0, index: $1, outline: $2) }
        })
    }

    /// Says the decoding will never run (its work was withdrawn): `next()` ends.
    public func abandon() { decoded.finish(.success(nil)) }

    /// The next decoded frame and the outline of the whole animation; `nil` at the end or after `stop()`.
    public func next() async -> (frame: Bitmap, outline: AnimationOutline)? {
        await withTaskCancellationHandler { await decoded.next() } onCancel: { decoded.stop() }
    }

    /// A frame encoded for the box, to be drawn over the one before.
    public func encode(_ frame: Bitmap) throws -> TerminalPicture {
        // Each frame is drawn over the one before: a transparent pixel left unpainted would keep the old one
        try encoder.encode(frame, geometry: geometry, for: box, inPlace: true)
    }

    /// Once `next()` returned `nil`: whether the decoder found an animation, or why it failed.
    public func ending() throws(ImagingError) -> Bool { try decoded.ending() }

    /// Stops the decoding at its next frame.
    public func stop() { decoded.stop() }
}

extension ThumbnailEncoder {
    /// How to make the frames of `data` for `box`; `nil` when it is no animation (one frame, or not a GIF or WebP —
    /// told from its first bytes, or from the header). Reads the header only; an animation beyond the limits is
    /// refused by `decode()` before it decodes anything (`ending()` throws `ImagingError.tooManyFrames` /
    /// `.animationTooLarge`).
    public func animationFrames(of data: Data, for box: ThumbnailBox) throws -> AnimationFrames? {
        guard AnimationDecoder.mayBeAnimated(data) else { return nil }
        let info = try processor.info(of: data)
        guard info.frameCount > 1 else { return nil }
        let geometry = try box.geometry(imageWidth: info.width, imageHeight: info.height)
        return AnimationFrames(data, box: box, geometry: geometry, decoder: AnimationDecoder(processor: processor), encoder: self)
    }
}
