// KittyImageIDs: kitty image ids that no other program sharing the terminal is likely to hold — one
// sequence per process, from a random start.
import Synchronization

/// Hands out kitty image ids (24-bit, 1…0xFFFFFF, so they also fit a placeholder's colour).
///
/// The terminal's image ids are shared by every program writing to it: two Snapterm processes in
/// tmux panes, or two previews, that derived ids from the thumbnail URL would hold the same ids,
/// and one quitting or freeing an image would delete the other's pictures. So ids are not derived
/// from anything: each process counts up from a random start (`process`). Two processes showing
/// `n` and `m` images overlap only if their runs of ids meet, about (n + m) in 2²⁴ — 1 in 8,000 for
/// 1,000 images each. (kitty's image numbers, `I=`, would need the terminal's reply to learn the id,
/// which a placeholder's colour must carry, and replies are switched off: `q=2`.)
public final class KittyImageIDs: Sendable {
    /// The largest id: placeholders carry the id as a 24-bit colour.
    public static let maximum = 0xFF_FFFF
    /// This process's sequence, starting at a random id.
    public static let process = KittyImageIDs()

    private let next: Mutex<Int>

    /// A sequence starting at `start` (a random id by default), wrapping from `maximum` to 1.
    public init(start: Int = Int.random(in: 1...KittyImageIDs.maximum)) {
        next = Mutex(min(max(1, start), Self.maximum))
    }

    /// The next id of the sequence.
    public func take() -> Int {
        next.withLock { next in
            let id = next
            next = id == Self.maximum ? 1 : id + 1
            return id
        }
    }
}
