// ScrollBenchList: which list a run scrolls — the places (map snapshots), a conversation (photos) or
// a conversation of web pictures (the remote list).

/// The list a scroll benchmark run scrolls.
public enum ScrollBenchList: String, Sendable, Hashable, CaseIterable, Codable {
    /// The places screen: one `map://` snapshot per row.
    case places
    /// The first conversation of the app state's message store: one `asset://` photo per row.
    case conversation
    /// A conversation whose attachments are web pictures on a loopback server (`RemotePictureServer`):
    /// one `http://` picture per row.
    case remote
    /// The web pictures of the remote list as a gallery grid (`snapterm URL…`): several per grid row,
    /// each key scrolls one grid row.
    case remoteGrid = "remote-grid"
    /// The folder gallery grid (`snapterm DIR`) of the benchmark's `folder`: several pictures per grid row,
    /// each key scrolls one grid row.
    case folder

    /// Whether the list's pictures come from the web server.
    public var isRemote: Bool { self == .remote || self == .remoteGrid }
}
