// MapSnapshotURL+Tiles: the `tiles` token of map URLs drawn from archives other than the shipped ones.
// (Apart from MapSnapshotURL.swift, which the URL fuzz target compiles on its own.)

extension MapSnapshotURL {
    /// A `tiles` token for the archives named by `identities` (paths with file versions, or URLs):
    /// 32 hex digits of their hash.
    public static func tilesToken(for identities: [String]) -> String {
        Checksums.fileName(for: identities.joined(separator: "\n"))
    }
}
