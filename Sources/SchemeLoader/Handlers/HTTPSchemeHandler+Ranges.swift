// HTTPSchemeHandler+Ranges: one `byterange://` load — an HTTP range request pinned to one version of the archive.
import AsyncHTTPClient
import Foundation

extension HTTPSchemeHandler {
    /// Loads `range` with `Range: bytes=a-b` (and `If-Range: version` when pinned; `If-None-Match` when
    /// revalidating a stale copy). Only a 206 of exactly those bytes (or of the archive's end) of the same
    /// version is delivered; a range pinned to a version never goes stale (those bytes of that version never
    /// change). A 200 is either another version (`archiveChanged`) or a server that ignores `Range`
    /// (`rangesNotSupported`): the transfer is stopped before its body is read, unless the whole archive
    /// is no longer than the range asked from its start. 416 is `rangeNotSatisfiable` with the size. A range
    /// longer than the body limit is `bodyTooLarge` before any request.
    func downloadRange(_ range: ByteRangeURL, task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        guard range.length <= configuration.maxBodyBytes else {
            throw LoadError.bodyTooLarge(limit: configuration.maxBodyBytes, url: range.archive.absoluteString)
        }
        let end = ContinuousClock.now + configuration.totalTimeout
        var headers = [("Range", "bytes=\(range.offset)-\(range.lastByte)")]
        if let ifRange = ByteRangeURL.ifRange(for: range.version) { headers.append(("If-Range", ifRange)) }
        headers += Self.validatorHeaders(of: task.cachedResponse)
        let requestTime = configuration.now()
        let (response, url) = try await fetch(range.archive, headers: headers, until: end)
        let status = Int(response.status.code)
        var metadata = self.metadata(of: response, requestTime: requestTime, freshening: task.cachedResponse)
        let name = range.archive.absoluteString
        let version = ByteRangeURL.version(of: metadata.validators)
        if let pinned = range.version, (status == 200 || status == 206), version != pinned {
            throw LoadError.archiveChanged(url: name)
        }
        switch status {
        case 304 where task.cachedResponse != nil:
            client.cachedResponseIsValid(metadata.keepingValidators(of: task.cachedResponse?.response))
            return
        case 206:
            let sent = ContentRange(response.headers.first(name: "Content-Range"))
            let expected = ContentRange.expected(for: range, size: sent?.size)
            guard let bytes = sent?.bytes, bytes == expected else {
                throw LoadError.rangeMismatch(url: name, asked: "bytes \(range.offset)-\(range.lastByte)",
                                              received: response.headers.first(name: "Content-Range") ?? "no Content-Range")
            }
            metadata.expectedLength = Int(bytes.upperBound - bytes.lowerBound + 1)
        case 200 where range.offset == 0 && (metadata.expectedLength ?? Int.max) <= range.length:
            break  // the whole archive, no longer than the range: these are the bytes asked (up to its end)
        case 200:
            throw LoadError.rangesNotSupported(url: name)
        case 416:
            let size = ContentRange(response.headers.first(name: "Content-Range"))?.size
            throw LoadError.rangeNotSatisfiable(url: name, offset: range.offset, length: range.length, size: size)
        default:
            throw LoadError.httpStatus(code: status, url: url.absoluteString)
        }
        if range.version != nil { metadata.expiresAt = nil }
        client.didReceive(metadata)
        try await stream(response.body, to: client, url: url, expectedLength: metadata.expectedLength, limit: range.length,
                         until: end)
    }
}
