// SixelEncoder: pixels in, one DCS sixel sequence out — libsixel's quantiser, ditherer and encoder.
import CSixel
import Foundation
import Imaging

/// Encodes bitmaps as sixel images. A value with no state: safe to share between tasks.
public struct SixelEncoder: Sendable {
    /// The palette and dithering choices.
    public var options: SixelOptions

    /// Creates an encoder.
    public init(options: SixelOptions = SixelOptions()) {
        self.options = options
    }

    /// Encodes `bitmap` at its own size as one complete `ESC P … ESC \` sequence (7-bit).
    /// Transparent pixels are composited over black.
    public func encode(_ bitmap: Bitmap) throws -> Data {
        var rgb = Self.rgb(from: bitmap)
        let palette = options.resolvedPalette(width: bitmap.width, height: bitmap.height)
        let dither = try makeDither(palette: palette, rgb: &rgb, width: bitmap.width, height: bitmap.height)
        defer { sixel_dither_unref(dither) }
        sixel_dither_set_diffusion_type(dither, options.diffusion.libsixelValue)

        let sink = SixelSink()
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        var output: OpaquePointer?
        try Self.check(sixel_output_new(&output, { data, size, context in
            guard let data, let context, size > 0 else { return 0 }
            Unmanaged<SixelSink>.fromOpaque(context).takeUnretainedValue()
                .bytes.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: Int(size))
            return size
        }, context.toOpaque(), nil), stage: "sixel_output_new")
        guard let output else { throw TerminalGraphicsError.sixelFailed(stage: "sixel_output_new", message: "no output object") }
        defer { sixel_output_unref(output) }
        sixel_output_set_8bit_availability(output, 0)
        sixel_output_set_encode_policy(output, SIXEL_ENCODEPOLICY_FAST)
        try rgb.withUnsafeMutableBufferPointer { buffer in
            try Self.check(sixel_encode(buffer.baseAddress, Int32(bitmap.width), Int32(bitmap.height), 3, dither, output),
                           stage: "sixel_encode")
        }
        return sink.bytes
    }

    private func makeDither(palette: SixelPalette, rgb: inout [UInt8], width: Int, height: Int) throws -> OpaquePointer {
        if palette == .fixed {
            guard let dither = sixel_dither_get(SIXEL_BUILTIN_XTERM256) else {
                throw TerminalGraphicsError.sixelFailed(stage: "sixel_dither_get", message: "no built-in palette")
            }
            sixel_dither_set_pixelformat(dither, SIXEL_PIXELFORMAT_RGB888)
            return dither
        }
        var dither: OpaquePointer?
        try Self.check(sixel_dither_new(&dither, Int32(options.colors), nil), stage: "sixel_dither_new")
        guard let dither else { throw TerminalGraphicsError.sixelFailed(stage: "sixel_dither_new", message: "no dither object") }
        do {
            try rgb.withUnsafeMutableBufferPointer { buffer in
                try Self.check(sixel_dither_initialize(dither, buffer.baseAddress, Int32(width), Int32(height),
                                                       SIXEL_PIXELFORMAT_RGB888, SIXEL_LARGE_AUTO, SIXEL_REP_AUTO,
                                                       SIXEL_QUALITY_AUTO), stage: "sixel_dither_initialize")
            }
        } catch {
            sixel_dither_unref(dither)
            throw error
        }
        return dither
    }

    /// Packed RGB888 of `bitmap`, alpha composited over black.
    static func rgb(from bitmap: Bitmap) -> [UInt8] {
        let count = bitmap.width * bitmap.height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
            bitmap.pixels.withUnsafeBufferPointer { source in
                for index in 0..<count {
                    let alpha = UInt16(source[index * 4 + 3])
                    for channel in 0..<3 {
                        let value = UInt16(source[index * 4 + channel])
                        out[index * 3 + channel] = alpha == 255 ? UInt8(value) : UInt8((value * alpha + 127) / 255)
                    }
                }
            }
            initialized = count * 3
        }
    }

    static func check(_ status: SIXELSTATUS, stage: String) throws {
        guard snapterm_sixel_failed(status) != 0 else { return }
        let message = sixel_helper_format_error(status).map { String(cString: $0) } ?? "status \(status)"
        throw TerminalGraphicsError.sixelFailed(stage: stage, message: message)
    }
}

/// Collects what libsixel writes. A reference type because libsixel calls back through a
/// C context pointer; only one encode call ever touches it, synchronously.
private final class SixelSink {
    var bytes = Data()
}

extension SixelDiffusion {
    var libsixelValue: Int32 {
        switch self {
        case .none: return SIXEL_DIFFUSE_NONE
        case .floydSteinberg: return SIXEL_DIFFUSE_FS
        case .atkinson: return SIXEL_DIFFUSE_ATKINSON
        }
    }
}
