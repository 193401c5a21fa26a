// RenderPlan: the sizes of one render of a photo — its result, and the whole photo at the render's scale.

/// The sizes of one render: the result's, and the whole upright picture's at the render's scale.
public struct RenderPlan: Sendable {
    /// The result's size before the turn.
    public let target: (width: Int, height: Int)
    /// Whether the crop fills the box (then centre-cropped) rather than fitting into it.
    public let filling: Bool
    /// The whole upright picture at the render's scale: what a decode must give at least.
    public let decodeSize: (width: Int, height: Int)

    /// The plan for a `width × height` render (either may be `nil`) of `edit` of an upright picture of the size given.
    public init(uprightWidth: Int, uprightHeight: Int, width: Int?, height: Int?, mode: ThumbnailMode, edit: ImageEdit) {
        let swap = edit.rotation.swapsSides
        let boxWidth = swap ? height : width, boxHeight = swap ? width : height
        let cropWidth = edit.crop.width * Double(uprightWidth), cropHeight = edit.crop.height * Double(uprightHeight)
        let scales = [boxWidth.map { Double($0) / cropWidth }, boxHeight.map { Double($0) / cropHeight }].compactMap { $0 }
        filling = mode == .fill && scales.count == 2
        let scale = scales.isEmpty ? 1 : (filling ? scales.max()! : scales.min()!)
        target = filling
            ? (width: boxWidth!, height: boxHeight!)
            : (width: max(1, Int((cropWidth * scale).rounded())), height: max(1, Int((cropHeight * scale).rounded())))
        decodeSize = (max(1, Int((Double(uprightWidth) * scale).rounded(.up))), max(1, Int((Double(uprightHeight) * scale).rounded(.up))))
    }
}
