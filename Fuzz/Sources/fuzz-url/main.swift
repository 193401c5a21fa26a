// fuzz-url: the URL parsers and canonicalizers on arbitrary text — never a trap, only `LoadError`s,
// and every URL a parser accepts round-trips through its canonical form unchanged.
import Foundation
import FuzzSupport
import FuzzedURLs

/// Runs `parse`; a throw must be a `LoadError` (the typed error that names the cause).
func accepted<T>(_ parse: () throws -> T) -> T? {
    do {
        return try parse()
    } catch {
        precondition(error is LoadError, "not a LoadError: \(error)")
        return nil
    }
}

/// One input: the text as a URL through every parser; accepted URLs are canonical after one pass.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzURL(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, count), as: UTF8.self)
    guard let url = URL(string: text) else { return 0 }
    if let map = accepted({ try MapSnapshotURL(url: url) }) {
        let again = accepted { try MapSnapshotURL(url: map.url) }
        precondition(again?.url == map.url, "map:// canonical form does not round-trip: \(text) → \(map.url)")
    }
    if let asset = accepted({ try AssetURL(url: url) }) {
        let again = accepted { try AssetURL(url: asset.url) }
        precondition(again?.url == asset.url, "asset:// canonical form does not round-trip: \(text) → \(asset.url)")
    }
    if let range = accepted({ try ByteRangeURL(url: url) }) {
        let again = accepted { try ByteRangeURL(url: range.url) }
        precondition(again == range, "byterange:// canonical form does not round-trip: \(text) → \(range.url)")
    }
    if let media = accepted({ try MatrixMediaURL(url: url) }) {
        let again = accepted { try MatrixMediaURL(url: media.url) }
        precondition(again == media && again?.url == media.url, "mxc:// canonical form does not round-trip: \(text) → \(media.url)")
    }
    if let canonical = accepted({ try URLCanonicalizer.standard(url) }) {
        let again = accepted { try URLCanonicalizer.standard(canonical) }
        precondition(again == canonical, "standard form is not stable: \(text) → \(canonical)")
    }
    if let canonical = accepted({ try URLCanonicalizer.http(url) }) {
        let again = accepted { try URLCanonicalizer.http(canonical) }
        precondition(again == canonical, "http form is not stable: \(text) → \(canonical)")
    }
    return 0
}

runLibFuzzer(fuzzURL)
