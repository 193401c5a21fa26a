// ThumbnailMode: how a picture is fitted into a box.

/// How a picture is fitted into a `width × height` box (scaled up or down, aspect kept).
public enum ThumbnailMode: String, Sendable, CaseIterable {
    /// The whole picture, inside the box: one side equals the box, the other is no larger.
    case fit
    /// The picture covers the box, then is centre-cropped to exactly the box.
    case fill
}

extension ThumbnailMode {
    /// The size a `width × height` picture is scaled to for `target`: the box itself when filling it, else the
    /// picture's aspect inside it, in whole pixels as libvips rounds; `nil` when that would enlarge the picture.
    func scaledSize(width: Int, height: Int, into target: (width: Int, height: Int)) -> (width: Int, height: Int)? {
        let scales = (Double(target.width) / Double(width), Double(target.height) / Double(height))
        let scale = self == .fill ? max(scales.0, scales.1) : min(scales.0, scales.1)
        guard scale <= 1 else { return nil }
        if self == .fill { return target }
        return (min(target.width, max(1, Int((Double(width) * scale).rounded()))),
                min(target.height, max(1, Int((Double(height) * scale).rounded()))))
    }

    /// The size the whole `width × height` picture is scaled to before the centre crop to `target` (filling it,
    /// each side rounded as libvips does), or `target` itself when fitting.
    func coveringSize(width: Int, height: Int, target: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard self == .fill else { return target }
        let scale = max(Double(target.width) / Double(width), Double(target.height) / Double(height))
        return (max(target.width, Int((Double(width) * scale).rounded())), max(target.height, Int((Double(height) * scale).rounded())))
    }
}
