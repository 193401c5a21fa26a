// MatrixMediaFixture: a picture a peer uploaded to the test homeserver, and a session of another user to load
// it with — what the `mxc://` handler tests start from.
import Foundation
import Matrix
import SchemeLoader
import TestSupport

/// A peer's upload and a logged-in reader.
struct MatrixMediaFixture {
    /// The picture uploaded (512×512 JPEG).
    static let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")

    let homeserver: TestHomeserver
    /// The `mxc://` URL of the upload.
    let mxc: String
    /// Who reads it.
    let session: MatrixSession

    /// Registers a sender and a reader; the sender uploads `photo` into a room of its own.
    static func make() async throws -> MatrixMediaFixture {
        let homeserver = try TestHomeserver.fromEnvironment()
        let (mxc, alice) = try await homeserver.pictureSentByAPeer(photo)
        let session = try await MatrixClient().login(at: homeserver.url, user: MatrixUserID(alice.localpart), password: alice.password)
        return MatrixMediaFixture(homeserver: homeserver, mxc: mxc, session: session)
    }

    /// A loader with only the `mxc://` handler, memory caches only.
    func loader(_ configuration: MatrixMediaSchemeHandler.Configuration = .init(), session: MatrixSession? = nil) throws -> SchemeLoader {
        try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session ?? self.session, configuration: configuration)])
    }

    /// Logs the reader out (the test's cleanup).
    func finish() async {
        try? await MatrixClient().logout(session)
    }
}
