// RoomMembershipRequestTests: joining and leaving a room, a read receipt — the room id is one path segment however odd it is
// (`/`, `.`, `:` percent-encoded), an empty one is a typed error, and the token travels in the header only.
import Foundation
import Matrix
import Testing

@Suite struct RoomMembershipRequestTests {
    private let session = MatrixSession(homeserver: recordedBase, userID: "@alice:localhost", deviceID: "D", accessToken: "syt_t")

    @Test func givenAnOddRoomID_whenJoiningAndLeaving_thenItStaysOnePathSegment() async throws {
        let transport = RecordedTransport([:])
        let client = MatrixClient(transport: transport)
        _ = try? await client.join(session, room: "!a/../b:example.org")
        _ = try? await client.leave(session, room: "!plain")
        _ = try? await client.sendReadReceipt(session, room: "!plain", event: "$ev/../x")
        let urls = transport.received.map(\.url.absoluteString)
        #expect(urls == ["https://matrix.example.org/_matrix/client/v3/rooms/!a%2F%2E%2E%2Fb%3Aexample%2Eorg/join",
                         "https://matrix.example.org/_matrix/client/v3/rooms/!plain/leave",
                         "https://matrix.example.org/_matrix/client/v3/rooms/!plain/receipt/m%2Eread/%24ev%2F%2E%2E%2Fx"])
        #expect(transport.received.allSatisfy { $0.method == "POST" && $0.accessToken == "syt_t" })
    }

    @Test func givenAnEmptyRoomID_whenJoining_thenATypedErrorAndNoRequest() async {
        let transport = RecordedTransport([:])
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient(transport: transport).join(session, room: "") }
        #expect(error == .invalidRoomID(""))
        #expect(error?.description == "\"\" is not a Matrix room id")
        #expect(transport.received.isEmpty)
    }
}
