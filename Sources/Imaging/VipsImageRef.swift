// VipsImageRef: one owned libvips image reference, released when the wrapper goes away.
import CVips

/// Owns one `VipsImage *` reference and drops it (`g_object_unref`) in `deinit`, so no path —
/// thrown errors included — leaks an image. Created and used inside one Imaging call; never shared.
final class VipsImageRef {
    let pointer: UnsafeMutablePointer<VipsImage>

    init(_ pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit { g_object_unref(pointer) }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    var interpretation: VipsInterpretation { vips_image_get_interpretation(pointer) }
    var bandFormat: VipsBandFormat { vips_image_get_format(pointer) }

    /// Runs the libvips operation `body` on this image; its output becomes a new owned reference.
    func apply(
        _ operation: String,
        _ body: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImagingError) -> VipsImageRef {
        var out: UnsafeMutablePointer<VipsImage>?
        let status = body(pointer, &out)
        guard status == 0, let out else {
            if let out { g_object_unref(out) }
            throw .processingFailed(operation: operation, reason: Vips.takeError())
        }
        return VipsImageRef(out)
    }

    /// This image computed into memory, top to bottom, as a new image that any later step may read in
    /// any order. Needed before a step that reads out of order (a quarter turn reads columns) when the
    /// source was opened for sequential access (`vips_thumbnail_buffer` always is): without it the
    /// loader's line cache fails with "out of order read" once the picture is taller than the cache.
    func materialised() throws(ImagingError) -> VipsImageRef {
        guard let copy = vips_image_copy_memory(pointer) else {
            throw .processingFailed(operation: "copy_memory", reason: Vips.takeError())
        }
        return VipsImageRef(copy)
    }

    /// Computes every pixel into a fresh buffer (this is where lazy decoding really happens).
    func pixels() throws(ImagingError) -> [UInt8] {
        var size = 0
        guard let memory = vips_image_write_to_memory(pointer, &size) else {
            throw .processingFailed(operation: "write_to_memory", reason: Vips.takeError())
        }
        defer { g_free(memory) }
        return [UInt8](UnsafeRawBufferPointer(start: memory, count: size))
    }
}
