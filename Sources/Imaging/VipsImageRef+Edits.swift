// VipsImageRef+Edits: crop, rotate, resize and the named filters as libvips operations on RGBA.
import CVips

extension VipsImageRef {
    /// The region `rect` (normalised) of this image.
    func cropped(to rect: CropRect) throws(ImagingError) -> VipsImageRef {
        guard !rect.isFull else { return self }
        let area = rect.pixels(ofWidth: width, height: height)
        return try apply("extract_area") {
            snap_vips_extract_area($0, $1, Int32(area.left), Int32(area.top), Int32(area.width), Int32(area.height))
        }
    }

    /// This image turned clockwise by `rotation`.
    func rotated(_ rotation: ImageRotation) throws(ImagingError) -> VipsImageRef {
        let angle: VipsAngle
        switch rotation {
        case .none: return self
        case .clockwise90: angle = VIPS_ANGLE_D90
        case .halfTurn: angle = VIPS_ANGLE_D180
        case .clockwise270: angle = VIPS_ANGLE_D270
        }
        return try apply("rot") { snap_vips_rot($0, $1, angle) }
    }

    /// This image scaled to exactly `newWidth × newHeight` (a no-op when already that size).
    func resized(toWidth newWidth: Int, height newHeight: Int) throws(ImagingError) -> VipsImageRef {
        guard newWidth != width || newHeight != height else { return self }
        let hscale = Double(newWidth) / Double(width), vscale = Double(newHeight) / Double(height)
        return try apply("resize") { snap_vips_resize($0, $1, hscale, vscale) }
    }

    /// The centre `boxWidth × boxHeight` region (clamped to the image).
    func centreCropped(toWidth boxWidth: Int, height boxHeight: Int) throws(ImagingError) -> VipsImageRef {
        let w = min(boxWidth, width), h = min(boxHeight, height)
        guard w != width || h != height else { return self }
        return try apply("extract_area") { snap_vips_extract_area($0, $1, Int32((width - w) / 2), Int32((height - h) / 2), Int32(w), Int32(h)) }
    }

    /// `filter` applied to this 4-band RGBA 8-bit image; the result is 4-band 8-bit too, alpha kept.
    func filtered(_ filter: ImageFilter) throws(ImagingError) -> VipsImageRef {
        let luma = [0.2126, 0.7152, 0.0722]
        let result: VipsImageRef
        switch filter {
        case .none:
            return self
        case .mono:
            result = try recombined([luma, luma, luma])
        case .sepia:
            result = try recombined([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]])
        case .noir:
            result = try recombined([luma, luma, luma]).linear(scale: 1.5, offset: -0.25 * 255)
        case .vivid:
            let s = 1.6
            let rows = (0..<3).map { row in (0..<3).map { column in (1 - s) * luma[column] + (row == column ? s : 0) } }
            result = try recombined(rows).linear(scale: 1.1, offset: -0.05 * 255)
        case .invert:
            result = try linear(scale: -1, offset: 255)
        case .blur:
            let sigma = max(1.5, Double(min(width, height)) / 150)
            result = try apply("gaussblur") { snap_vips_gaussblur($0, $1, sigma) }
        case .sharpen:
            let kernel: [Double] = [0, -1, 0, -1, 5, -1, 0, -1, 0]
            guard let mask = vips_image_new_matrix_from_array(3, 3, kernel, Int32(kernel.count)) else {
                throw .processingFailed(operation: "matrix", reason: Vips.takeError())
            }
            let maskRef = VipsImageRef(mask)
            result = try apply("conv") { snap_vips_conv($0, $1, maskRef.pointer) }
        }
        return try result.apply("cast") { snap_vips_cast_uchar($0, $1) }
    }

    /// Each colour band replaced by a weighted sum of R, G, B (`rows` is 3×3); alpha passes through.
    private func recombined(_ rows: [[Double]]) throws(ImagingError) -> VipsImageRef {
        let matrix: [Double] = rows.flatMap { $0 + [0] } + [0, 0, 0, 1]
        guard let image = vips_image_new_matrix_from_array(4, 4, matrix, Int32(matrix.count)) else {
            throw .processingFailed(operation: "matrix", reason: Vips.takeError())
        }
        let matrixRef = VipsImageRef(image)
        return try apply("recomb") { snap_vips_recomb($0, $1, matrixRef.pointer) }
    }

    /// `value × scale + offset` on the colour bands; alpha passes through.
    private func linear(scale: Double, offset: Double) throws(ImagingError) -> VipsImageRef {
        let a: [Double] = [scale, scale, scale, 1], b: [Double] = [offset, offset, offset, 0]
        return try apply("linear") { snap_vips_linear($0, $1, a, b, 4) }
    }
}
