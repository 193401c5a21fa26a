// DecodeSize: how much of a picture a call decodes — what its header is checked against (ImageLimits).

/// How much of a picture a call decodes, for the pixel limits (`ImageLimits`).
enum DecodeSize: Equatable {
    /// The header only: a JPEG passes when it could be decoded within the limit at some size (1/8 a side).
    case header
    /// Every pixel.
    case whole
    /// Scaled into `width × height` by libvips' thumbnail (`crop`: filling the box), a JPEG shrunk as it loads.
    case thumbnail(width: Int, height: Int, crop: Bool)

    /// The factor a JPEG stored `width × height` is decoded at (`swapsSides`: its EXIF turn swaps them);
    /// 1 for every other format, which is decoded whole.
    func shrink(of format: ImageFormat, width: Int, height: Int, swapsSides: Bool) -> Int {
        guard format == .jpeg else { return 1 }
        switch self {
        case .header: return 8
        case .whole: return 1
        case .thumbnail(let boxWidth, let boxHeight, let crop):
            let (upright, across) = swapsSides ? (height, width) : (width, height)
            return DirectJPEG.libvipsShrinkOnLoad(width: upright, height: across, box: (boxWidth, boxHeight), crop: crop)
        }
    }
}
