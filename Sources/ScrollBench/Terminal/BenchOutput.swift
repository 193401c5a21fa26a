// BenchOutput: the wire to the virtual terminal — collects a frame's bytes (text and pictures), then parses them.
import Foundation
import SnaptermUI

/// The bytes one frame put on the wire.
public struct FrameBytes: Sendable, Hashable {
    /// Bytes of text cells (what ncurses would send).
    public var text = 0
    /// Bytes of pictures, erases and the cursor moves around them (what the image placer sent).
    public var pictures = 0
    /// Both.
    public var total: Int { text + pictures }
}

/// A `TerminalOutput` standing for the terminal's input. Writes are only appended and
/// time-stamped, so the frame time does not include parsing; `endFrame()` then feeds the
/// frame's bytes, in order, to the `VirtualTerminal` and returns how many there were.
///
/// Not `Sendable`: like the app's own outputs it is used from the main actor only.
public final class BenchOutput: TerminalOutput {
    /// The terminal the bytes are fed to.
    public private(set) var terminal: VirtualTerminal
    /// Every byte written since creation.
    public private(set) var totalBytes = 0
    /// When the last byte of the current frame was written.
    public private(set) var lastWrite: ContinuousClock.Instant?

    private var pending = Data()
    private var frame = FrameBytes()

    /// Creates a wire into `terminal`.
    public init(terminal: VirtualTerminal) {
        self.terminal = terminal
    }

    /// Writes picture bytes (the app's `TerminalOutput` use).
    public func write(_ bytes: Data) {
        pending += bytes
        frame.pictures += bytes.count
        totalBytes += bytes.count
        lastWrite = ContinuousClock.now
    }

    /// Writes text bytes (the bench terminal's emulated ncurses refresh).
    public func writeText(_ bytes: Data) {
        pending += bytes
        frame.text += bytes.count
        totalBytes += bytes.count
        lastWrite = ContinuousClock.now
    }

    /// Ends a frame: parses its bytes into the terminal and returns their count.
    /// The terminal's `placements` then list the frame's sixel images.
    @discardableResult
    public func endFrame() -> FrameBytes {
        terminal.beginFrame()
        terminal.feed(pending)
        pending = Data()
        defer { frame = FrameBytes(); lastWrite = nil }
        return frame
    }
}
