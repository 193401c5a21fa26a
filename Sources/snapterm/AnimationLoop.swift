// AnimationLoop: `render` playing an animation in place where the terminal cannot play it itself (sixel, iTerm2,
// text art) — until a key, Ctrl-C, `--duration` or the file's loop count, then the terminal as it was.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// Plays an animation at the cursor while its frames are still being made: room is made below it, each frame is
/// drawn over the last at the saved cursor, and at the end the cursor sits below the picture, shown again, as after
/// a still `render`.
/// Keys are read from `/dev/tty` in raw mode (Ctrl-C is a key there); a signal meanwhile restores the
/// terminal's modes and shows the cursor (`TerminalModeGuard`). Without a terminal to read keys and without
/// a `duration`, only the first frame is drawn (nothing could stop the loop but a signal).
struct AnimationLoop {
    /// The frames, the first one there, the others joining as they are made (a frame not made yet when it is due
    /// keeps the one before on screen until it is).
    let feed: AnimationFeed
    /// How long to play from the first frame drawn on (it is drawn whatever this is); `nil` plays until a key or
    /// the file's loop count.
    let duration: Duration?

    /// What was shown: frames drawn, for how long from the first one (`nil`: the first frame only, nothing could
    /// stop a loop), and how many frames were made by then.
    struct Played {
        var frames = 0
        var time: Duration?
        var made = 0
    }

    /// How long to wait at most between two looks for a frame that is due but not made yet.
    private static let lateFrameLook = Duration.milliseconds(20)

    /// Plays, writing through `write` (false: the terminal is gone, stop).
    func play(write: (Data) -> Bool = { FileDescriptorWrite.all($0, to: STDOUT_FILENO) }) -> Played {
        guard var animation = feed.current.animation else { return Played() }  // `render` plays a feed once its first frame is there
        let rows = Self.rows(of: animation)
        let closing = Self.closing(rows: rows)
        let keys = try? DeviceTerminal(farewell: [UInt8](closing))
        defer { keys?.close() }
        var played = Played()
        defer { feed.cancel() }
        guard write(Self.opening(rows: rows)) else { return played }
        guard keys != nil || duration != nil else {
            played.frames = write(Self.frame(animation.frames[0]) + closing) ? 1 : 0
            played.made = feed.current.animation?.frames.count ?? 1
            return played
        }
        let clock = ContinuousClock()
        let first = clock.now
        // --duration counts from the first frame drawn: the time its later frames take to decode is not taken from it.
        let end = duration.map { first + $0 }
        var index = 0, plays = 0
        var due = first + .milliseconds(animation.gaps[0])
        guard write(Self.frame(animation.frames[0])) else { return played }
        played.frames = 1
        playing: while true {
            var wait = clock.now.duration(to: due)
            if let end { wait = min(wait, clock.now.duration(to: end)) }
            if Self.pause(wait, keys: keys) { break playing }
            if let end, clock.now >= end { break playing }
            guard clock.now >= due else { continue }
            animation = feed.current.animation ?? animation
            if index + 1 < animation.frames.count {
                index += 1
            } else if !animation.isComplete {
                due = clock.now + Self.lateFrameLook  // play what is ready: the next frame is not made yet
                continue
            } else {
                plays += 1
                if animation.loopCount > 0, plays >= animation.loopCount { break }
                index = 0
            }
            guard write(Self.frame(animation.frames[index])) else { break playing }
            played.frames += 1
            due = clock.now + .milliseconds(animation.gaps[index])
        }
        played.time = clock.now - first
        played.made = feed.current.animation?.frames.count ?? animation.frames.count
        _ = write(closing)
        return played
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
        return animation.rows
    }

    /// Hides the cursor, makes room for `rows` rows below it (scrolling if needed), goes back up and saves the cell.
    static func opening(rows: Int) -> Data {
        Data((EscapeSequence.hideCursor + String(repeating: "\n", count: rows) + EscapeSequence.cursorUp(rows)
              + "\r" + EscapeSequence.saveCursor).utf8)
    }

    /// One frame drawn from the saved cell: a sixel or iTerm2 image, or text art row by row.
    static func frame(_ picture: TerminalPicture) -> Data {
        Data(EscapeSequence.restoreCursor.utf8)
            + TerminalLayer.draw(picture) { EscapeSequence.restoreCursor + EscapeSequence.cursorDown($0) }
            + Data(EscapeSequence.resetAttributes.utf8)
    }

    /// The cursor below the picture, at the line's start, plain attributes, shown again.
    static func closing(rows: Int) -> Data {
        Data((EscapeSequence.restoreCursor + EscapeSequence.cursorDown(rows) + "\r" + EscapeSequence.resetAttributes
              + EscapeSequence.showCursor).utf8)
    }
}
