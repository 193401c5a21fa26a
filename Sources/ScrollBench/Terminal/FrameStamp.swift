// FrameStamp: when one frame was asked for, started and finished, and how many bytes it sent.

/// The timing and size of one frame the app drew.
public struct FrameStamp: Sendable {
    /// 1 for the first frame.
    public var index: Int
    /// The first key the frame answers, or the frame's start when it answers none (a load landed).
    public var trigger: ContinuousClock.Instant
    /// When the app began drawing the frame.
    public var start: ContinuousClock.Instant
    /// When the frame's last byte was written.
    public var lastByte: ContinuousClock.Instant
    /// Keys handled since the previous frame.
    public var keys: Int
    /// The bytes the frame sent.
    public var bytes: FrameBytes

    /// From input (or start) to the last byte.
    public var latency: Duration { lastByte - trigger }
    /// From the start of drawing to the last byte (the frame's own cost, without waiting for input).
    public var drawTime: Duration { lastByte - start }
}
