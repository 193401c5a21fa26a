// SendBench: `snapterm-bench send` — Matrix sending on loopback, against the test homeserver
// (`eval "$(scripts/matrix/homeserver start DIR)"`): from a 12 MP photo's message written to the outbox to the other
// person's long-poll sync receiving its event (the event goes before the bytes), and a hundred texts queued while
// the server is unreachable, then let through: each arrives once, in order, and how long it takes.
import ArgumentParser
import Foundation
import Imaging
import Matrix
import MatrixSending
import MessageStore
import TestSupport

extension SnaptermBench {
    struct SendBench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "send",
            abstract: "Matrix sending on loopback: a 12 MP photo's message from the outbox to the other person, and 100 texts queued while the server is down.")

        @Option(help: "How many photo messages are timed.")
        var iterations = 10
        @Option(help: "How many texts are queued while the server is unreachable.")
        var messages = 100
        @Flag(help: "Send the photo at its own size (12 MP), not fitted into 2048×2048.")
        var original = false

        func run() async throws {
            let homeserver = try TestHomeserver.fromEnvironment()
            let (alice, bob) = (try await homeserver.registerUser("alice"), try await homeserver.registerUser("bob"))
            let room = try await MatrixPeer(homeserver: homeserver, user: bob).createRoom(inviting: [alice.userID])
            _ = try await MatrixPeer(homeserver: homeserver, user: alice).acceptInvites()
            let client = MatrixClient()
            let sender = try await client.login(at: homeserver.url, user: MatrixUserID(alice.localpart), password: alice.password)
            let receiver = try await client.login(at: homeserver.url, user: MatrixUserID(bob.localpart), password: bob.password)
            let folder = try TemporaryDirectory()
            let store = try MessageStore(path: folder.appending("messages.sqlite").path)
            var inbox = Inbox(client: client, session: receiver, room: room)
            try await inbox.catchUp()

            let photo = try twelveMegapixelPhoto()
            var preparing = Samples()
            var prepared: PreparedPhoto?
            for _ in 0..<3 {
                preparing.add(try await measure { prepared = try PreparedPhoto.make(from: photo, original: original) })
            }
            guard let prepared else { return }
            print("12 MP photo (4000×3000, \(photo.count / 1000) kB) prepared as \(prepared.width)×\(prepared.height), "
                  + "\(prepared.picture.count / 1000) kB: \(preparing.summary)")

            try await composerSends(photo, store: store, client: client, sender: sender, room: room, inbox: &inbox)

            try await serverDownThenBack(store: store, client: client, sender: sender, homeserver: homeserver, inbox: &inbox, room: room)
        }

        /// The composer's way: a draft of the photo queued at Enter (`DraftOutbox`, the app's outbox runner woken),
        /// timed from Enter to the other person's sync — the photo prepared in the background since it was attached
        /// (Enter finds it ready), and attached just before Enter (still preparing: the outbox waits for it).
        private func composerSends(_ photo: Data, store: MessageStore, client: MatrixClient, sender: MatrixSession, room: String,
                                   inbox: inout Inbox) async throws {
            try store.applyMatrixSync([MatrixRoomUpdate(roomID: room, membership: .join)], since: "bench", account: sender.userID)
            guard let conversation = try store.conversationID(ofRoom: room, account: sender.userID) else { return }
            let runner = OutboxRunner(sender: OutboxSender(store: store, client: client, session: sender),
                                      settling: EchoSettling(store: store, account: sender.userID, thumbnailLoader: nil, thumbnailURL: { $0 }),
                                      store: store, account: sender.userID, changed: {})
            runner.start()
            defer { runner.stop() }
            let preparations = PhotoPreparations { _ in (photo, ImageEdit.none) }
            let outbox = DraftOutbox(store: store, account: sender.userID, preparations: preparations, wake: { runner.wake() })
            var enter = Samples()
            for readyAtEnter in [true, false] {
                var toEvent = Samples(), toSent = Samples()
                for index in 0..<iterations {
                    let draft = Draft(attachments: [URL(string: "asset://?id=bench-\(readyAtEnter)-\(index)")!], original: original)
                    outbox.prepare(draft)  // the photo attached
                    if readyAtEnter {
                        while preparations.outcome(of: PhotoRequest(url: draft.attachments[0], original: original)) == nil {
                            try await Task.sleep(for: .milliseconds(5))  // the user writes the text meanwhile
                        }
                    }
                    let started = ContinuousClock.now
                    let entries = try outbox.queue(draft, roomID: room, conversationID: conversation)
                    if readyAtEnter { enter.add(ContinuousClock.now - started) }
                    outbox.prepare(Draft())  // the composer, cleared
                    try await inbox.waitFor(["photo-1.jpg"])
                    toEvent.add(ContinuousClock.now - started)
                    while try store.outboxEntry(entries[0].id)?.state != .sent { try await Task.sleep(for: .milliseconds(5)) }
                    toSent.add(ContinuousClock.now - started)
                }
                let when = readyAtEnter ? "prepared since it was attached" : "attached just before Enter"
                print("Enter (the photo \(when)) → the other person's sync has the event: \(toEvent.summary)")
                print("Enter (the photo \(when)) → sent (bytes uploaded): \(toSent.summary)")
            }
            print("Enter itself (queue, echo; nothing prepared, no picture written): \(enter.summary)")
        }

        /// `messages` texts queued with the way to the server cut; opened once the first attempt failed.
        private func serverDownThenBack(store: MessageStore, client: MatrixClient, sender: MatrixSession, homeserver: TestHomeserver,
                                        inbox: inout Inbox, room: String) async throws {
            let relay = try LoopbackRelay(to: homeserver.url)
            relay.cut()
            var session = sender
            session.homeserver = relay.url
            let texts = (1...messages).map { "down then back \($0) of \(messages)" }
            try store.enqueue(try texts.map { try MessageContent.text($0, roomID: room) }, account: session.userID)
            let outbox = OutboxSender(store: store, client: client, session: session, policy: RetryPolicy(maximum: .seconds(5)))
            let draining = Task { try await outbox.drain() }
            _ = await eventually(timeout: .seconds(60)) { ((try? store.pendingOutbox(account: session.userID).first?.attempts) ?? 0) >= 1 }
            let opened = ContinuousClock.now
            try relay.open()
            let outcomes = try await draining.value
            let sent = ContinuousClock.now - opened
            let received = try await inbox.waitFor(texts)
            let arrived = ContinuousClock.now - opened
            let inOrder = received == texts
            print("\(messages) texts queued while the server was down, then it came back: \(outcomes.filter(\.isSent).count) sent "
                  + "in \(sent); the other person had \(received.count) (\(inOrder ? "each once, in order" : "NOT each once in order")) "
                  + "after \(arrived)")
        }

        /// elephants-large.jpg cropped and scaled to 4000×3000, JPEG q90: a phone's 12 MP photo.
        private func twelveMegapixelPhoto() throws -> Data {
            let source = try BenchEnvironment.dataDirectory.appendingPathComponent("photos/elephants-large.jpg")
            let processor = ImageProcessor()
            return try processor.encode(processor.render(try Data(contentsOf: source), width: 4000, height: 3000, mode: .fill),
                                        as: .jpeg(quality: 90))
        }
    }
}

/// The other person's long-poll sync of one room.
private struct Inbox {
    let client: MatrixClient
    let session: MatrixSession
    let room: String
    private var since: String?

    init(client: MatrixClient, session: MatrixSession, room: String) {
        self.client = client
        self.session = session
        self.room = room
    }

    /// Skips what the room already holds.
    mutating func catchUp() async throws {
        since = try await client.sync(session).nextBatch
    }

    /// Long-polls until the messages with every body of `bodies` arrived; returns the bodies received meanwhile, in
    /// order (a doubled one twice).
    @discardableResult
    mutating func waitFor(_ bodies: [String]) async throws -> [String] {
        var received: [String] = []
        let deadline = ContinuousClock.now + .seconds(120)
        while !Set(bodies).isSubset(of: received), ContinuousClock.now < deadline {
            // A timeline as long as the burst: a shorter one would skip (`limited`) what came between two polls.
            let sync = try await client.sync(session, since: since, timeout: .seconds(10), filter: SyncFilter(timelineLimit: 1000))
            since = sync.nextBatch
            received += (sync.rooms?.join?[room]?.timeline?.events ?? [])
                .filter { $0.type == "m.room.message" }.compactMap { $0.content?.body }
        }
        return received
    }
}
