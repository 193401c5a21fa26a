// ThumbnailMode: how a picture is fitted into a box.

/// How a picture is fitted into a `width × height` box (scaled up or down, aspect kept).
public enum ThumbnailMode: String, Sendable, CaseIterable {
    /// The whole picture, inside the box: one side equals the box, the other is no larger.
    case fit
    /// The picture covers the box, then is centre-cropped to exactly the box.
    case fill
}
