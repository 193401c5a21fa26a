// KittyGraphics: pure builders of kitty graphics protocol commands — query, transmit, place, delete, free.
import Foundation

/// The pixels of a kitty transmission: a PNG file, or raw RGBA rows.
public enum KittyPayload: Sendable, Hashable {
    /// PNG bytes (`f=100`).
    case png(Data)
    /// 8-bit RGBA pixels, `width × height × 4` bytes (`f=32,s=…,v=…`).
    case rgba(Data, width: Int, height: Int)
}

/// Commands of the kitty graphics protocol (`ESC _ G keys ; payload ESC \`) as bytes.
///
/// Every command carries `q=2`, so the terminal sends no reply that could reach the key reader.
/// Placements never move the cursor (`C=1`); the caller moves the cursor to the box's top-left
/// cell first. Image ids are 24-bit (1…0xFFFFFF), so they also fit a foreground colour (Unicode
/// placeholders).
public enum KittyGraphics {
    /// The id of the image in the detection query.
    public static let queryID = 31
    /// The largest base64 chunk the protocol allows per escape code.
    public static let chunkSize = 4096

    /// The detection query: a one-pixel image that is checked, not stored (`a=q`); a kitty-capable
    /// terminal answers `ESC _ G i=31;OK ESC \` before it answers a DA1 sent after it.
    public static let query = EscapeSequence.kittyCommand("i=\(queryID),s=1,v=1,a=q,t=d,f=24", payload: Data("AAAA".utf8))

    /// Transmits `payload` under `id` without showing it (`a=t`), base64 in chunks of at most
    /// `chunkSize` bytes: `m=1` on every chunk but the last, `m=0` on the last.
    public static func transmit(id: Int, payload: KittyPayload) -> Data {
        chunked("a=t,t=d,\(format(of: payload)),i=\(id),q=2", payload: payload)
    }

    /// Transmits `payload` without an id and shows it at once at the cursor in `columns × rows`
    /// cells (`a=T`); the cursor moves past it like after text — for one-shot output (`snapterm render`).
    public static func display(payload: KittyPayload, columns: Int, rows: Int) -> Data {
        chunked("a=T,t=d,\(format(of: payload)),c=\(columns),r=\(rows),q=2", payload: payload)
    }

    /// Places image `id` as placement `placement` at the cursor, scaled into `columns × rows` cells,
    /// without moving the cursor. Placing an existing placement id again moves it.
    public static func place(id: Int, placement: Int, columns: Int, rows: Int) -> Data {
        command("a=p,i=\(id),p=\(placement),c=\(columns),r=\(rows),C=1,q=2")
    }

    /// A virtual placement for Unicode placeholders (`U=1`): the image shows wherever the
    /// placeholder characters with its id as foreground colour are printed.
    public static func placeVirtual(id: Int, columns: Int, rows: Int) -> Data {
        command("a=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2")
    }

    /// Deletes one placement of image `id`, keeping the image data for later placements (`d=i`).
    public static func deletePlacement(id: Int, placement: Int) -> Data {
        command("a=d,d=i,i=\(id),p=\(placement),q=2")
    }

    /// Deletes every placement of image `id` and frees its data (`d=I`).
    public static func free(id: Int) -> Data {
        command("a=d,d=I,i=\(id),q=2")
    }

    static func format(of payload: KittyPayload) -> String {
        switch payload {
        case .png: "f=100"
        case .rgba(_, let width, let height): "f=32,s=\(width),v=\(height)"
        }
    }

    /// The payload in base64 chunks; the first carries `keys`, the rest only `q` and `m`.
    static func chunked(_ keys: String, payload: KittyPayload) -> Data {
        let pixels: Data
        switch payload {
        case .png(let data): pixels = data
        case .rgba(let data, _, _): pixels = data
        }
        let encoded = pixels.base64EncodedData()
        // An animation frame's later chunks say `a=f` too: kitty (0.26) takes a chunk without it for another
        // image's data, and a frame over one chunk (4 KB of base64) was lost — an animation larger than a
        // grid thumbnail jumped to its last frame and stayed there.
        let continuation = keys.hasPrefix("a=f,") ? "a=f,q=2" : "q=2"
        var out = Data()
        var offset = 0
        repeat {
            let end = min(encoded.count, offset + chunkSize)
            let more = end < encoded.count ? 1 : 0
            out += command(offset == 0 ? "\(keys),m=\(more)" : "\(continuation),m=\(more)", payload: encoded[offset..<end])
            offset = end
        } while offset < encoded.count
        return out
    }

    /// One APC command.
    static func command(_ keys: String, payload: Data = Data()) -> Data {
        EscapeSequence.kittyCommand(keys, payload: payload)
    }
}
