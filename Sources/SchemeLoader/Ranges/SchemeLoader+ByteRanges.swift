// SchemeLoader+ByteRanges: the one call that gives a ByteRangeSource for an archive's http(s) URL.
import Foundation

extension SchemeLoader {
    /// A ``ByteRangeSource`` reading `url` (http or https) by range requests through this loader: an
    /// ``HTTPRangeSource`` (its caching, versions and errors are described there). Throws a `LoadError`
    /// for another scheme, or when this loader has no ``HTTPSchemeHandler``.
    public func byteRangeSource(for url: URL, priority: LoadPriority = .normal) throws -> any ByteRangeSource {
        try HTTPRangeSource(archive: url, loader: self, priority: priority)
    }
}
