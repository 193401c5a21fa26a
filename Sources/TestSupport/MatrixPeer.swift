// MatrixPeer: the real other person of the Matrix end-to-end tests — scripts/matrix/peer.py (matrix-nio)
// logged in as a test user, each call a bounded run of the script that returns its JSON.
import Foundation

/// A matrix-nio client acting as another user.
public struct MatrixPeer: Sendable {
    /// The homeserver.
    public let homeserver: TestHomeserver
    /// Who the peer is.
    public let user: TestMatrixUser

    /// A peer acting as `user` on `homeserver`.
    public init(homeserver: TestHomeserver, user: TestMatrixUser) {
        self.homeserver = homeserver
        self.user = user
    }

    /// Runs `peer.py COMMAND…` and returns its JSON object; an error names the command and what it printed.
    /// At most `timeout`; the script's own waits are shorter, so it says what it waited for.
    public func run(_ arguments: [String], timeout: Duration = .seconds(120)) async throws -> Data {
        let output = try await OffPool.run { [self] in
            try MatrixScript.run(python: homeserver.python, "peer.py",
                                 ["--homeserver", homeserver.url.absoluteString, "--user", user.localpart] + arguments,
                                 environment: ["PEER_PASSWORD": user.password], timeout: timeout)
        }
        guard output.status == 0 else {
            throw TestHomeserverError(description: "peer.py \(arguments.first ?? "") failed (\(output.status)): \(output.stderr.suffix(2000))")
        }
        return output.stdout
    }

    /// Logs in (proves the password) and returns the user id.
    public func login() async throws -> String {
        try await string(run(["login"]), "user_id")
    }

    /// Creates a room inviting `invitees`, named `name` when given, and returns its id.
    public func createRoom(inviting invitees: [String], name: String? = nil) async throws -> String {
        try await string(run(["create-room"] + invitees.flatMap { ["--invite", $0] } + (name.map { ["--name", $0] } ?? [])), "room_id")
    }

    /// Sets the peer's display name (its `m.room.member` state in every room it is in).
    public func setDisplayName(_ name: String) async throws {
        _ = try await run(["set-name", name])
    }

    /// Sends `text` as `m.text` to `room` and returns the event id.
    public func sendText(_ text: String, to room: String) async throws -> String {
        try await string(run(["send-text", room, text]), "event_id")
    }

    /// Sends `count` messages `PREFIX 001`, `PREFIX 002` … as `m.text` to `room`, in order, in one run; returns their
    /// event ids.
    public func sendTexts(_ prefix: String, count: Int, to room: String) async throws -> [String] {
        let answer = try await run(["send-texts", room, prefix, String(count)])
        let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
        guard let ids = object?["event_ids"] as? [String] else { throw TestHomeserverError(description: "peer.py printed no event_ids") }
        return ids
    }

    /// Sends `file` as `count` `m.image` messages to `room`, in order, each its own upload (a new `mxc://` URL); returns
    /// their event ids.
    public func sendImages(_ file: URL, count: Int, to room: String) async throws -> [String] {
        let answer = try await run(["send-images", room, file.path, String(count)], timeout: .seconds(1800))
        let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
        guard let ids = object?["event_ids"] as? [String] else { throw TestHomeserverError(description: "peer.py printed no event_ids") }
        return ids
    }

    /// Uploads `file` and sends it as `m.image` to `room`: with a plain `url` (and, for a picture over 800×600, a
    /// thumbnail of its own upload, as Element sends it), or `encrypted` (AES-256-CTR, `content.file` as Element sends
    /// it; `wrongHash`: its `hashes.sha256` of other bytes, as a tampered upload looks). Returns the event id, the
    /// `mxc://` URL of the upload and the BlurHash sent in its `info` (nil for a file Pillow cannot read).
    public func sendImage(_ file: URL, to room: String, encrypted: Bool = false,
                          wrongHash: Bool = false) async throws -> (eventID: String, url: String, blurhash: String?) {
        let answer = try await run([encrypted ? "send-encrypted-image" : "send-image", room, file.path] + (wrongHash ? ["--wrong-hash"] : []))
        let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
        return (try string(answer, "event_id"), try string(answer, "url"), object?["blurhash"] as? String)
    }

    /// Uploads `file` and sends it as `m.file` named `name` (any text, as someone else may send it) to `room`; returns
    /// the event id.
    public func sendFile(_ file: URL, named name: String, to room: String) async throws -> String {
        try string(await run(["send-file", room, file.path, name]), "event_id")
    }

    /// Joins every room the peer is invited to, waiting up to `timeout` for an invite; returns their ids.
    public func acceptInvites(timeout: Int = 60) async throws -> [String] {
        let answer = try await run(["accept-invites", "--timeout", String(timeout)])
        let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
        return object?["joined"] as? [String] ?? []
    }

    /// Waits (long-poll sync, at most `timeout` seconds) for an `m.room.message` in `room` with `body`;
    /// returns the event's JSON.
    public func waitForMessage(in room: String, body: String, timeout: Int = 60) async throws -> Data {
        try await run(["wait-for", room, "--body", body, "--timeout", String(timeout)])
    }

    /// Every `m.room.message` event of `room` (the last 100, oldest first) once at least `count` are there, waiting up
    /// to `timeout` seconds; each event as a JSON object.
    public func messages(in room: String, atLeast count: Int = 1, timeout: Int = 60) async throws -> [[String: Any]] {
        let answer = try await run(["messages", room, "--count", String(count), "--timeout", String(timeout)])
        let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
        guard let events = object?["events"] as? [[String: Any]] else { throw TestHomeserverError(description: "peer.py printed no events") }
        return events
    }

    /// Downloads the media at `mxc` (authenticated media, as the peer) into `file`.
    public func download(_ mxc: String, to file: URL) async throws {
        _ = try await run(["download", mxc, file.path])
    }

    private func string(_ answer: Data, _ key: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
        guard let value = object?[key] as? String else { throw TestHomeserverError(description: "peer.py printed no \(key)") }
        return value
    }
}
