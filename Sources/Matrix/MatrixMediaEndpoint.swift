// MatrixMediaEndpoint: where an `mxc://` URL is downloaded on a homeserver (authenticated v1, or the legacy v3
// path) and what an error answer from there means — one typed error per cause, with a sentence.
import Foundation
import SchemeLoader

/// The media endpoints of the client-server API and their error answers.
enum MatrixMediaEndpoint {
    /// `BASE/_matrix/client/v1/media/{download|thumbnail}/SERVER/ID[?width&height&method]`, or with `legacy`
    /// `BASE/_matrix/media/v3/…`. The parts were validated by `MatrixMediaURL` (URL-safe characters only).
    static func url(for media: MatrixMediaURL, base: URL, legacy: Bool) -> URL {
        let kind = media.thumbnail == nil ? "download" : "thumbnail"
        let prefix = legacy ? "_matrix/media/v3" : "_matrix/client/v1/media"
        let path = base.appendingPathComponent(prefix).appendingPathComponent(kind)
            .appendingPathComponent(media.server).appendingPathComponent(media.mediaID)
        guard let size = media.thumbnail, var components = URLComponents(url: path, resolvingAgainstBaseURL: false) else { return path }
        components.queryItems = [
            URLQueryItem(name: "width", value: String(size.width)), URLQueryItem(name: "height", value: String(size.height)),
            URLQueryItem(name: "method", value: size.method.rawValue),
        ]
        return components.url ?? path
    }

    /// Whether an error answer says the endpoint does not exist on this server (`M_UNRECOGNIZED`).
    static func isUnrecognized(_ body: Data) -> Bool {
        (try? JSONDecoder().decode(MatrixErrorBody.self, from: body))?.errcode == "M_UNRECOGNIZED"
    }

    /// The error an answer of `status` with `body` means for the media `media` (its mxc URL) asked as `session`:
    /// not found and not yet uploaded as `MatrixError`s of their own; other 5xx as `LoadError.httpStatus` (the
    /// server failed: a cached copy may be shown); the rest as the client's errors (session ended, rate limited,
    /// the server's own words), with the token redacted.
    static func error(status: Int, body: Data, media: String, session: MatrixSession) -> any Error {
        let code = (try? JSONDecoder().decode(MatrixErrorBody.self, from: body))?.errcode
        switch (status, code) {
        case (_, "M_NOT_FOUND"), (404, nil): return MatrixError.mediaNotFound(url: media)
        case (_, "M_NOT_YET_UPLOADED"): return MatrixError.mediaNotYetUploaded(url: media)
        case (500...599, nil), (500...599, "M_UNKNOWN"): return LoadError.httpStatus(code: status, url: media)
        default:
            return MatrixClient.error(for: MatrixHTTPResponse(status: status, body: body), session: session, loggingIn: false)
                .redacting([session.accessToken])
        }
    }
}
