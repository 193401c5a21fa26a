// AnimationLoop: `render` playing an animation in place where the terminal cannot play it itself (sixel, iTerm2,
// text art) — until a key, Ctrl-C, `--duration` or the file's loop count, then the terminal as it was.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// Plays `animation` at the cursor: room is made below it, each frame is drawn over the last at the saved
/// cursor, and at the end the cursor sits below the picture, shown again, as after a still `render`.
/// Keys are read from `/dev/tty` in raw mode (Ctrl-C is a key there); a signal meanwhile restores the
/// terminal's modes and shows the cursor (`TerminalModeGuard`). Without a terminal to read keys and without
/// an `end`, only the first frame is drawn (nothing could stop the loop but a signal).
struct AnimationLoop {
    let animation: AnimatedThumbnail
    /// When to stop at the latest (the first frame is drawn whatever it is); `nil` plays until a key or the file's
    /// loop count.
    let end: ContinuousClock.Instant?

    /// Plays, writing through `write` (false: the terminal is gone, stop).
    func play(write: (Data) -> Bool = { FileDescriptorWrite.all($0, to: STDOUT_FILENO) }) {
        let rows = Self.rows(of: animation)
        let closing = Self.closing(rows: rows)
        let keys = try? DeviceTerminal(farewell: [UInt8](closing))
        defer { keys?.close() }
        guard write(Self.opening(rows: rows)) else { return }
        guard keys != nil || end != nil else {
            _ = write(Self.frame(animation.frames[0]) + closing)
            return
        }
        let clock = ContinuousClock()
        var plays = 0
        playing: while true {
            for (picture, gap) in zip(animation.frames, animation.gaps) {
                guard write(Self.frame(picture)) else { break playing }
                var wait = Duration.milliseconds(gap)
                if let end { wait = min(wait, clock.now.duration(to: end)) }
                if Self.pause(wait, keys: keys) { break playing }
                if let end, clock.now >= end { break playing }
            }
            plays += 1
            if animation.loopCount > 0, plays >= animation.loopCount { break }
        }
        _ = write(closing)
    }

    /// Waits `duration`; true when a key came (it is read, so it does not reach the shell).
    private static func pause(_ duration: Duration, keys: DeviceTerminal?) -> Bool {
        guard duration > .zero else { return false }
        guard let keys else {
            Thread.sleep(forTimeInterval: Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
            return false
        }
        return !keys.read(timeout: duration) { !$0.isEmpty }.isEmpty
    }

    /// The rows every frame covers.
    static func rows(of animation: AnimatedThumbnail) -> Int {
        if case .text(let lines) = animation.frames[0] { return lines.count }
        return animation.geometry.rows
    }

    /// Hides the cursor, makes room for `rows` rows below it (scrolling if needed), goes back up and saves the cell.
    static func opening(rows: Int) -> Data {
        Data((EscapeSequence.hideCursor + String(repeating: "\n", count: rows) + EscapeSequence.cursorUp(rows)
              + "\r" + EscapeSequence.saveCursor).utf8)
    }

    /// One frame drawn from the saved cell: a sixel or iTerm2 image, or text art row by row.
    static func frame(_ picture: TerminalPicture) -> Data {
        Data(EscapeSequence.restoreCursor.utf8)
            + RenderOutput.drawn(picture) { EscapeSequence.restoreCursor + EscapeSequence.cursorDown($0) }
            + Data(EscapeSequence.resetAttributes.utf8)
    }

    /// The cursor below the picture, at the line's start, plain attributes, shown again.
    static func closing(rows: Int) -> Data {
        Data((EscapeSequence.restoreCursor + EscapeSequence.cursorDown(rows) + "\r" + EscapeSequence.resetAttributes
              + EscapeSequence.showCursor).utf8)
    }
}
