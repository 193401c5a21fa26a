// MatrixClient+Sending: the calls a send makes — the upload limit, an asynchronous upload (an `mxc://` URI
// reserved first, its bytes put later), an event under a transaction id, and a room alias resolved.
import Foundation
import SchemeLoader

extension MatrixClient {
    /// `GET /_matrix/client/v1/media/config`: the largest upload the homeserver takes.
    public func mediaConfig(_ session: MatrixSession) async throws(MatrixError) -> MediaConfig {
        try await request(session, "GET", Self.url(session.homeserver, ["_matrix", "client", "v1", "media", "config"]),
                          endpoint: "/media/config")
    }

    /// `POST /_matrix/media/v1/create`: an `mxc://` URI reserved for an upload made later with `upload`. A server
    /// without asynchronous uploads answers an error whose `lacksMediaCreate` is true.
    public func createMedia(_ session: MatrixSession) async throws(MatrixError) -> MediaReservation {
        let answer: MediaCreateAnswer = try await request(
            session, "POST", Self.url(session.homeserver, ["_matrix", "media", "v1", "create"]), body: Data("{}".utf8),
            endpoint: "/media/create")
        guard let url = URL(string: answer.contentURI), let media = try? MatrixMediaURL(url: url), media.thumbnail == nil else {
            throw .invalidResponse(endpoint: "/media/create", reason: "content_uri is not an mxc:// URL")
        }
        return MediaReservation(media: media,
                                expiresAt: answer.unusedExpiresAt.map { Date(timeIntervalSince1970: Double($0) / 1000) })
    }

    /// `POST /_matrix/media/v3/upload`: uploads `data` at once and returns its new `mxc://` URI — for a server
    /// without `createMedia`. `limit` and a 413 as in `upload(_:contentType:filename:to:limit:session:)`.
    public func uploadMedia(_ data: Data, contentType: String, filename: String?, limit: Int?,
                            session: MatrixSession) async throws(MatrixError) -> MatrixMediaURL {
        if let limit, data.count > limit { throw .tooLarge(bytes: data.count, limit: limit) }
        let url = Self.url(session.homeserver, ["_matrix", "media", "v3", "upload"], filename: filename)
        let answer: PlainUploadAnswer
        do throws(MatrixError) {
            answer = try await request(session, "POST", url, body: data, contentType: contentType, endpoint: "/media/upload",
                                       timeout: .seconds(300))
        } catch .server(status: 413, _, _) {
            throw .tooLarge(bytes: data.count, limit: limit)
        }
        guard let uri = URL(string: answer.contentURI), let media = try? MatrixMediaURL(url: uri), media.thumbnail == nil else {
            throw .invalidResponse(endpoint: "/media/upload", reason: "content_uri is not an mxc:// URL")
        }
        return media
    }

    /// `PUT /_matrix/media/v3/upload/{server}/{id}`: the bytes of media reserved with `createMedia`. A file larger
    /// than `limit` (the server's `m.upload.size`, when known) is refused before anything is sent; a 413 says the
    /// same. A second upload of the same media (409: a retry after an answer that was lost) counts as done.
    public func upload(_ data: Data, contentType: String, filename: String?, to media: MatrixMediaURL, limit: Int?,
                       session: MatrixSession) async throws(MatrixError) {
        if let limit, data.count > limit { throw .tooLarge(bytes: data.count, limit: limit) }
        let url = Self.url(session.homeserver, ["_matrix", "media", "v3", "upload", media.server, media.mediaID], filename: filename)
        do throws(MatrixError) {
            let _: UploadAnswer = try await request(session, "PUT", url, body: data, contentType: contentType,
                                                    endpoint: "/media/upload", timeout: .seconds(300))
        } catch .server(status: 409, _, _) {
            return
        } catch .server(status: 413, _, _) {
            throw .tooLarge(bytes: data.count, limit: limit)
        }
    }

    /// `PUT /_matrix/client/v3/rooms/{roomId}/send/{type}/{txnId}`: sends `content` (a JSON object) and returns the
    /// event id. The same `transactionID` from the same device returns the same event id: a retry never doubles it.
    public func send(_ content: Data, type: String = "m.room.message", to roomID: String, transactionID: String,
                     session: MatrixSession) async throws(MatrixError) -> String {
        let url = Self.url(session.homeserver, ["_matrix", "client", "v3", "rooms", roomID, "send", type, transactionID])
        let answer: SendEventAnswer = try await request(session, "PUT", url, body: content, endpoint: "/rooms/…/send")
        return answer.eventID
    }

    /// `GET /_matrix/client/v3/directory/room/{alias}`: the room id a `#alias:server` names.
    public func roomID(forAlias alias: String, session: MatrixSession) async throws(MatrixError) -> String {
        let url = Self.url(session.homeserver, ["_matrix", "client", "v3", "directory", "room", alias])
        do throws(MatrixError) {
            let answer: RoomAliasAnswer = try await request(session, "GET", url, endpoint: "/directory/room")
            return answer.roomID
        } catch .server(status: 404, _, _) {
            throw .server(status: 404, code: "M_NOT_FOUND", message: "no room has the alias \(alias)")
        }
    }

    /// One request with the session's token; the answer decoded, any error without the token.
    private func request<T: Decodable>(_ session: MatrixSession, _ method: String, _ url: URL, body: Data? = nil,
                                       contentType: String = "application/json", endpoint: String,
                                       timeout: Duration = .seconds(30)) async throws(MatrixError) -> T {
        do throws(MatrixError) {
            let answer = try await transport.perform(MatrixHTTPRequest(method: method, url: url, body: body, contentType: contentType,
                                                                       accessToken: session.accessToken, timeout: timeout))
            return try Self.decode(answer, endpoint: endpoint, session: session, loggingIn: false)
        } catch {
            throw error.redacting([session.accessToken])
        }
    }

    /// `url(base, segments)` with `?filename=` when a `filename` is given.
    private static func url(_ base: URL, _ segments: [String], filename: String?) -> URL {
        let url = Self.url(base, segments)
        guard let filename, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.queryItems = [URLQueryItem(name: "filename", value: filename)]
        return components.url ?? url
    }

    /// `base` with `segments` appended, each percent-encoded whole (a room id's `!`, an alias's `#` and `:`, a
    /// transaction id: never a second path segment, a query or a fragment).
    static func url(_ base: URL, _ segments: [String]) -> URL {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let path = segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: "/")
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + "/" + path) ?? base
    }
}
