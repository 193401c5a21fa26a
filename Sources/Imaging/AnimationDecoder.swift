// AnimationDecoder: every frame of an animated GIF or WebP, scaled to fill a box, with the file's gaps and loop
// count — refused from the header alone when the frames are too many or too large together.
import CVips
import Foundation

/// Decodes animations on libvips (all frames as one tall image of `page-height` rows each, read frame by
/// frame in order, so the loader holds one frame at a time). Safe from any thread.
public struct AnimationDecoder: Sendable {
    /// Decodes and bounds each frame (`ImageLimits.maxPixels` applies to one frame).
    public let processor: ImageProcessor
    /// Bounds the frames together.
    public let limits: AnimationLimits

    /// Creates a decoder.
    public init(processor: ImageProcessor = ImageProcessor(), limits: AnimationLimits = AnimationLimits()) {
        self.processor = processor
        self.limits = limits
    }

    /// Whether `data` is a GIF or a WebP — the formats that animate — from its first bytes alone; costs nothing,
    /// so a caller asks before reading the header of every picture.
    public static func mayBeAnimated(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: Array("GIF8".utf8)) { return true }
        return head.count == 12 && head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8)
    }

    /// Every frame of `data` filled into `width × height` (centre-cropped like `ThumbnailMode.fill`), with
    /// the played gaps (`Animation.playedGap`) and the loop count; `nil` for a picture of one frame, or one
    /// whose two first frames already cost more than `limits.maxDecodedPixels` (shown still). Only the frames
    /// within that budget are decoded: a longer animation plays its first frames.
    /// Throws `tooManyFrames` or `animationTooLarge` from the header, before decoding anything.
    ///
    /// `each` is handed every frame as soon as it is decoded, with the outline of the whole animation (so a caller
    /// can show the first frame while the others decode); returning false stops decoding, and `decode` then
    /// returns the frames so far.
    public func decode(_ data: Data, width: Int, height: Int,
                       each: (_ frame: Bitmap, _ index: Int, _ outline: AnimationOutline) -> Bool = { _, _, _ in true })
        throws(ImagingError) -> Animation? {
        try processor.checkBox(width: width, height: height)
        guard Self.mayBeAnimated(data) else { return nil }
        return try VipsErrorGate.shared.run { () throws(ImagingError) -> Animation? in
            try processor.withHeader(data, decoding: .whole) { first, format, raw throws(ImagingError) -> Animation? in
                let count = Int(vips_image_get_n_pages(first.pointer))
                guard count > 1 else { return nil }
                try check(frames: count, frameWidth: first.width, frameHeight: first.height, width: width, height: height)
                let decoded = limits.framesDecoded(of: count, frameWidth: first.width, frameHeight: first.height,
                                                   width: width, height: height)
                guard decoded > 1 else { return nil }
                return try ImageProcessor.decoding(format, raw, allFrames: true) { () throws(ImagingError) in
                    try frames(of: raw, format: format, count: count, decoding: decoded, width: width, height: height, each: each)
                }
            }
        }
    }

    /// The header's promise against the limits.
    private func check(frames count: Int, frameWidth: Int, frameHeight: Int, width: Int, height: Int) throws(ImagingError) {
        guard count <= limits.maxFrames else { throw .tooManyFrames(count: count, limit: limits.maxFrames) }
        let source = (frameWidth * frameHeight).multipliedReportingOverflow(by: count)
        guard !source.overflow, source.partialValue <= limits.maxSourcePixels else {
            throw .animationTooLarge(frames: count, width: frameWidth, height: frameHeight,
                                     reason: "more than \(limits.maxSourcePixels) pixels to decode")
        }
        guard width * height * 4 * count <= limits.maxFrameBytes else {
            throw .animationTooLarge(frames: count, width: frameWidth, height: frameHeight,
                                     reason: "\(count) frames of \(width)×\(height) take more than \(limits.maxFrameBytes) bytes")
        }
    }

    /// Opens all `count` frames and scales the first `decoded` one by one, top to bottom (libvips decodes a
    /// GIF's frames in order, as far as they are read), handing each to `each` as it is made.
    private func frames(of raw: UnsafeRawBufferPointer, format: ImageFormat, count: Int, decoding decoded: Int,
                        width: Int, height: Int,
                        each: (Bitmap, Int, AnimationOutline) -> Bool) throws(ImagingError) -> Animation {
        guard let opened = snap_vips_new_from_buffer_frames(raw.baseAddress, raw.count) else {
            throw .corrupt(format: format, reason: Vips.takeError())
        }
        let strip = VipsImageRef(opened)
        let pageHeight = Int(vips_image_get_page_height(strip.pointer))
        guard pageHeight > 0, strip.height == pageHeight * count else {
            throw .corrupt(format: format, reason: "\(count) frames do not make a \(strip.width)×\(strip.height) strip")
        }
        let outline = AnimationOutline(gaps: Array(Self.gaps(of: strip, count: count).prefix(decoded)),
                                       loopCount: Self.loopCount(of: strip))
        var bitmaps: [Bitmap] = []
        bitmaps.reserveCapacity(decoded)
        for index in 0..<decoded {
            let page = try strip.apply("extract_area") { snap_vips_extract_area($0, $1, 0, Int32(index * pageHeight), Int32(strip.width), Int32(pageHeight)) }
            let scaled = try page.apply("thumbnail_image") { snap_vips_thumbnail_image_fill($0, $1, Int32(width), Int32(height)) }
            bitmaps.append(try ImageProcessor.bitmap(from: scaled))
            guard each(bitmaps[index], index, outline) else { break }
        }
        return Animation(frames: bitmaps, gaps: Array(outline.gaps.prefix(bitmaps.count)), loopCount: outline.loopCount)
    }

    /// The `delay` array (milliseconds per frame) as played; frames it does not cover get 100 ms.
    private static func gaps(of image: VipsImageRef, count: Int) -> [Int] {
        var values: UnsafeMutablePointer<Int32>?
        var length: Int32 = 0
        var delays: [Int] = []
        if vips_image_get_typeof(image.pointer, "delay") != 0,
           vips_image_get_array_int(image.pointer, "delay", &values, &length) == 0, let values {
            delays = (0..<Int(min(length, Int32(count)))).map { Int(values[$0]) }
        }
        delays += Array(repeating: 0, count: count - delays.count)
        return delays.map { Animation.playedGap(fileMilliseconds: $0) }
    }

    /// The `loop` field: 0 plays for ever.
    private static func loopCount(of image: VipsImageRef) -> Int {
        var loop: Int32 = 0
        guard vips_image_get_typeof(image.pointer, "loop") != 0, vips_image_get_int(image.pointer, "loop", &loop) == 0 else { return 0 }
        return max(0, Int(loop))
    }
}
