// ScrollBenchResult: the figures of one run (mode × script), ready for a table or JSON.
import Foundation

/// What one scripted scroll measured.
public struct ScrollBenchResult: Sendable, Codable, Hashable {
    /// The cache state the run started from.
    public var mode: ScrollBenchMode
    /// The list scrolled.
    public var list: ScrollBenchList
    /// The scroll pattern's name (`down`, `back-and-forth 40/25`).
    public var pattern: String
    /// Rows per second (`nil`: lockstep, one key per frame).
    public var rowsPerSecond: Double?
    /// Keys sent.
    public var keys: Int
    /// Frames drawn during the script (key frames and frames drawn because a picture landed).
    public var frames: Int
    /// Frames drawn in answer to at least one key.
    public var keyFrames: Int

    /// Image cells summed over key frames (visible rows with an image cell, per frame).
    public var imageCellFrames: Int
    /// Of those, the ones showing a placeholder (the app's own count, `Screen.placeholderCount`).
    public var whiteSpotFrames: Int
    /// The same count read from the virtual terminal's grid: visible rows whose box was not
    /// fully covered by sixel pixels (`nil` when pictures are text art).
    public var gridWhiteSpotFrames: Int?
    /// White spots as a percentage of image-cell frames.
    public var whiteSpotPercent: Double
    /// Image-cell frames showing a preview (a stand-in while the picture loads): neither a white
    /// spot nor a picture.
    public var previewFrames: Int
    /// Previews as a percentage of image-cell frames.
    public var previewPercent: Double

    /// Key-to-last-byte time of key frames, median, in milliseconds.
    public var frameMillisecondsP50: Double
    /// The same, 95th percentile.
    public var frameMillisecondsP95: Double
    /// The same, 99th percentile.
    public var frameMillisecondsP99: Double
    /// The slowest key frame, in milliseconds.
    public var frameMillisecondsMax: Double
    /// Drawing alone (frame start to last byte, no input wait) of key frames, median, in milliseconds.
    public var drawMillisecondsP50: Double
    /// The same, 99th percentile.
    public var drawMillisecondsP99: Double

    /// Bytes written during the script (text and pictures).
    public var totalBytes: Int
    /// Of those, text bytes (emulated ncurses refresh).
    public var textBytes: Int
    /// Mean bytes per frame.
    public var bytesPerFrame: Double
    /// Pictures sent (the image placer's report).
    public var picturesSent: Int
    /// Pictures sent to the rectangle where the same picture already was (the app's view of the frames).
    public var resentUnmoved: Int
    /// Sixel images sent onto the very cells where the same image already was (read from the byte stream).
    public var resentUnmovedOnWire: Int
    /// Cells where the app drew text but the terminal ended up showing something else (erased or painted over).
    public var damagedTextCells: Int
    /// Lines the terminal scrolled (an image reaching the last row): should be 0.
    public var scrolledLines: Int
    /// kitty mode: images transmitted during the script (`nil` in other modes).
    public var kittyTransmitted: Int?
    /// kitty mode: transmissions of an id sent before, over the whole run (0 = every picture sent at most once).
    public var kittyRetransmitted: Int?
    /// kitty mode: placements made or moved during the script.
    public var kittyPlaced: Int?
    /// kitty mode: placements deleted during the script.
    public var kittyDeleted: Int?
    /// kitty mode: mean bytes of the frames that transmitted no picture (placements moved, text redrawn).
    public var kittySteadyBytesPerFrame: Double?

    /// Thumbnail loads that ran the handler (misses).
    public var loads: Int
    /// Requests that joined a running load.
    public var coalesced: Int
    /// Requests cancelled (cells reused, prefetches abandoned).
    public var cancelled: Int
    /// Thumbnail requests answered from memory.
    public var memoryHits: Int
    /// Thumbnail requests answered from disk.
    public var diskHits: Int
    /// Thumbnail encodes (download previews included) that ran on a worker during the script.
    public var encodes: Int?
    /// Of those, the ones whose load was cancelled before they ended: its row went before its picture was shown.
    public var encodesForCancelledLoads: Int?
    /// `encodesForCancelledLoads` as a percentage of `encodes` (goal ≤ 5 % while scrolling down fast).
    public var cancelledEncodePercent: Double? {
        guard let encodes, let encodesForCancelledLoads else { return nil }
        return encodes == 0 ? 0 : Double(encodesForCancelledLoads) * 100 / Double(encodes)
    }
    /// Source pictures (map snapshots) rendered by their handler.
    public var sourceLoads: Int
    /// Source loads (every scheme but `thumb`) cancelled.
    public var sourceCancelled = 0
    /// Time from the app's start to the first frame showing a picture (not a preview), milliseconds;
    /// `nil` when no picture was shown.
    public var firstPictureMilliseconds: Double?
    /// The remote list: what the web server counted during the run (settling included).
    public var network: NetworkFigures?
    /// The process's resident memory when the run started, KiB (the corpus and server included).
    public var startMemoryKiB: Int?
    /// The process's peak resident memory during this run alone, KiB (`VmHWM` reset at the run's start
    /// where Linux allows it; `nil` without /proc).
    public var runPeakMemoryKiB: Int?
    /// The process's peak resident memory at the end of the run, KiB (a high-water mark across runs).
    public var peakMemoryKiB: Int
    /// Wall time of the script, seconds.
    public var seconds: Double
}
