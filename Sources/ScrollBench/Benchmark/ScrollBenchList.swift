// ScrollBenchList: which list a run scrolls — the places (map snapshots) or a conversation (photos).

/// The list a scroll benchmark run scrolls.
public enum ScrollBenchList: String, Sendable, Hashable, CaseIterable, Codable {
    /// The places screen: one `map://` snapshot per row.
    case places
    /// The first conversation of the app state's message store: one `asset://` photo per row.
    case conversation
}
