// ImageProcessor+Edit: photo edits on bitmaps, and the one-pass "decode small, edit" render.
import CVips
import Foundation

extension ImageProcessor {
    /// `edit` applied to `bitmap`: crop, then rotate, then filter.
    public func apply(_ edit: ImageEdit, to bitmap: Bitmap) throws(ImagingError) -> Bitmap {
        guard edit != .none else { return bitmap }
        return try VipsErrorGate.shared.run { () throws(ImagingError) in
            try Vips.start()
            return try Self.withImage(of: bitmap) { image throws(ImagingError) in
                try Self.bitmap(from: image.cropped(to: edit.crop).rotated(edit.rotation).filtered(edit.filter))
            }
        }
    }

    /// Decodes `data` straight into its edited form, at the size asked for, in one libvips pipeline.
    ///
    /// `width` and `height` describe the *result* (after rotation); either or both may be `nil`
    /// (no bound on that side; both `nil` keeps the crop at the photo's own resolution). The crop
    /// region is scaled to `fit` inside the box or to `fill` it (then centre-cropped); the photo is
    /// decoded at a reduced size first where the format allows it (JPEG shrink-on-load).
    public func render(_ data: Data, width: Int?, height: Int?, mode: ThumbnailMode = .fit, edit: ImageEdit = .none) throws(ImagingError) -> Bitmap {
        try checkBox(width: width ?? 1, height: height ?? 1)
        return try VipsErrorGate.shared.run { () throws(ImagingError) in
            try rendered(data, width: width, height: height, mode: mode, edit: edit)
        }
    }

    /// `edit` applied to `photo` (decoded upright: a smaller copy of a photo kept in memory) and scaled as
    /// `render(_:width:height:mode:edit:)` scales a photo's file: the same size and framing, without decoding the file.
    public func render(_ photo: Bitmap, width: Int?, height: Int?, mode: ThumbnailMode = .fit, edit: ImageEdit = .none) throws(ImagingError) -> Bitmap {
        try checkBox(width: width ?? 1, height: height ?? 1)
        let plan = RenderPlan(uprightWidth: photo.width, uprightHeight: photo.height, width: width, height: height, mode: mode, edit: edit)
        try checkBox(width: plan.target.width, height: plan.target.height)
        if let reduced = Self.reducedInSwift(photo, plan, edit: edit) { return reduced }
        return try VipsErrorGate.shared.run { () throws(ImagingError) in
            try Vips.start()
            return try Self.withImage(of: photo) { image throws(ImagingError) in try Self.finished(image, plan, edit: edit) }
        }
    }

    private func rendered(_ data: Data, width: Int?, height: Int?, mode: ThumbnailMode, edit: ImageEdit) throws(ImagingError) -> Bitmap {
        let upright = try header(of: data)
        let plan = RenderPlan(uprightWidth: upright.width, uprightHeight: upright.height, width: width, height: height, mode: mode, edit: edit)
        try checkBox(width: plan.target.width, height: plan.target.height)
        let (decodeWidth, decodeHeight) = plan.decodeSize
        return try withHeader(data, decoding: .thumbnail(width: decodeWidth, height: decodeHeight, crop: false)) { opened, format, raw throws(ImagingError) in
            try Self.decoding(format, raw) { () throws(ImagingError) in
                let shrunk = try Self.shrink(opened, format, raw, width: decodeWidth, height: decodeHeight, crop: false)
                return try Self.finished(Self.rgbaImage(from: shrunk), plan, edit: edit)
            }
        }
    }

    /// The upright picture `image` (RGBA) cropped, scaled to the plan's target, turned and filtered.
    private static func finished(_ upright: VipsImageRef, _ plan: RenderPlan, edit: ImageEdit) throws(ImagingError) -> Bitmap {
        var image = try upright.cropped(to: edit.crop)
        let target = plan.target
        if plan.filling {
            let cover = max(Double(target.width) / Double(image.width), Double(target.height) / Double(image.height))
            image = try image.resized(
                toWidth: max(target.width, Int((Double(image.width) * cover).rounded())),
                height: max(target.height, Int((Double(image.height) * cover).rounded())))
                .centreCropped(toWidth: target.width, height: target.height)
        } else {
            image = try image.resized(toWidth: target.width, height: target.height)
        }
        // The thumbnail is read sequentially; a turn reads it out of order, so compute the
        // (already shrunk) image first. An unturned edit stays one lazy pipeline.
        if edit.rotation != .none { image = try image.materialised() }
        return try bitmap(from: image.rotated(edit.rotation).filtered(edit.filter))
    }
}
