// ImagingError+Cause: whose fault a libvips failure was — the input picture's, or the processing's.
import CVips
import Foundation

extension ImagingError {
    /// This error with its blame settled against the input `raw` in `format`: a `processingFailed`
    /// becomes `corrupt` (with the loader's own message) only when `raw` alone fails to decode; if
    /// the input decodes, the failure was ours and stays `processingFailed`. Other errors pass through.
    /// Costs one full decode of `raw` (of every frame with `allFrames`: an animation's), on failure only.
    func attributed(to raw: UnsafeRawBufferPointer, format: ImageFormat, allFrames: Bool = false) -> ImagingError {
        // A BMP was decoded by Imaging before any libvips step ran: a later failure is the processing's.
        guard case .processingFailed(_, let reason) = self, format != .bmp, let base = raw.baseAddress else { return self }
        // The loader's own complaint about the bytes ("gifload_buffer: Invalid frame data") blames the picture: a decode
        // check of its first frame alone could pass where a later frame is what is damaged.
        if Self.isLoaderComplaint(reason) { return .corrupt(format: format, reason: reason) }
        guard snap_vips_decode_check(base, raw.count, allFrames ? 1 : 0) != 0 else { return self }
        return .corrupt(format: format, reason: Vips.takeError())
    }

    /// Whether libvips' `reason` is a loader's complaint about the bytes it read (a line opening with the loader's
    /// name, `gifload_buffer:`, `webpload_source:`), not about the order it was asked to read them in.
    static func isLoaderComplaint(_ reason: String) -> Bool {
        reason.split(separator: "\n").contains { line in
            guard let colon = line.firstIndex(of: ":") else { return false }
            let name = line[..<colon]
            return (name.hasSuffix("load") || name.hasSuffix("load_buffer") || name.hasSuffix("load_source"))
                && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !line.contains("out of order")
        }
    }
}

extension ImageProcessor {
    /// Decides whose fault `failure`, met while processing `data`, was: a `processingFailed` becomes
    /// `corrupt` only when `data` on its own does not decode; when it decodes, the picture is fine and
    /// the failure stays a processing failure. Other errors are returned unchanged.
    public func attribute(_ failure: ImagingError, to data: Data) -> ImagingError {
        do {
            // Thrown, not returned, so that the gate re-runs it alone when it carries libvips' text.
            try VipsErrorGate.shared.run { () throws(ImagingError) in
                try Vips.start()
                let attributed: ImagingError = data.withUnsafeBytes { raw in
                    guard let format = ImageFormat(sniffing: raw), format == .bmp || (try? VipsLoaders.loader(for: format, raw)) != nil
                    else { return failure }
                    return failure.attributed(to: raw, format: format)
                }
                throw attributed
            }
            return failure
        } catch {
            return error
        }
    }
}
