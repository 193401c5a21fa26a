// ThumbnailStageTimes and ThumbnailReport: how long the thumbnail stages took, for `--stats` and benchmarks.
import Foundation
import SchemeLoader

/// Durations of the work inside one thumbnail encode.
public struct ThumbnailStageTimes: Sendable, Hashable {
    /// Decoding and scaling the source (`nil` when the encoder does not tell).
    public var decode: Duration?
    /// Encoding for the terminal (everything, when `decode` is `nil`).
    public var encode: Duration

    /// Creates stage times.
    public init(decode: Duration?, encode: Duration) {
        self.decode = decode
        self.encode = encode
    }
}

/// What happened when the thumbnail handler ran: where the source came from and each stage's time.
public struct ThumbnailReport: Sendable {
    /// The thumbnail URL that was loaded.
    public var url: URL
    /// Where the source bytes came from (memory, disk, handler) and how long that took.
    public var sourceSource: LoadSource
    /// The source load's own timings.
    public var sourceMetrics: LoadMetrics
    /// Size of the source in bytes.
    public var sourceBytes: Int
    /// Decode, scale and encode times.
    public var times: ThumbnailStageTimes
    /// Size of the encoded picture in bytes.
    public var encodedBytes: Int
}
