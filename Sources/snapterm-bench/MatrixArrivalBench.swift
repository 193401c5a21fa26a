// MatrixArrivalBench: `snapterm-bench matrix-arrival` — from the other person's send of a picture to that picture drawn
// in Snapterm, loopback, against the test homeserver (`eval "$(scripts/matrix/homeserver start DIR)"`). The matrix-nio
// peer uploads a shipped photo and sends it as `m.image`; the clock starts at the event's `origin_server_ts` (the
// server took the send; the peer's Python start-up is not counted) and stops when the conversation screen places the
// picture's sixel thumbnail: Snapterm's own SyncEngine (a 30 s long-poll), message store, ConversationScreen and
// `mxc://` loader with its thumbnail stage, every picture a new upload (cold caches).
import ArgumentParser
import Foundation
import Matrix
import MessageStore
import SchemeLoader
import SnaptermUI
import TerminalGraphics
import TestSupport
import Thumbnails

extension SnaptermBench {
    struct MatrixArrivalBench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "matrix-arrival",
            abstract: "Matrix, loopback: from the other person's send of a picture to its thumbnail drawn in a conversation.")

        @Option(help: "How many pictures are sent and timed.")
        var iterations = 10

        @MainActor
        func run() async throws {
            let homeserver = try TestHomeserver.fromEnvironment()
            let scene = try await homeserver.sharedRoom(named: "Arrival")
            let client = MatrixClient()
            let session = try await client.login(at: homeserver.url, user: MatrixUserID(scene.alice.localpart), password: scene.alice.password)
            let folder = try TemporaryDirectory()
            let store = try MessageStore(path: folder.appending("messages.sqlite").path)
            let loader = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session), ThumbnailSchemeHandler(encoder: ThumbnailEncoder())],
                                          configuration: .userInterface(diskDirectory: folder.appending("cache")))
            let state = AppState(loader: loader, graphics: .sixel, cellSize: (10, 20), places: [], messages: store)
            let (news, newsArrive) = AsyncStream<Void>.makeStream()
            let engine = SyncEngine(client: client, session: session, store: store) { change in
                if case .stored = change { newsArrive.yield() }
            }
            let syncing = Task { await engine.run() }
            defer { syncing.cancel() }
            guard try await eventually(timeout: .seconds(60), { try store.conversationID(ofRoom: scene.room, account: session.userID) }) != nil,
                  let conversation = try store.conversationID(ofRoom: scene.room, account: session.userID) else {
                throw ValidationError("the room never synced")
            }
            let screen = ConversationScreen(id: conversation, title: "Arrival", store: store, loader: loader,
                                            box: state.box(columns: 16, rows: 4))
            let area = CellRect(row: 1, column: 0, rows: 38, columns: 120)
            screen.layout(in: area)
            let relay = Task { @MainActor in for await _ in news { screen.messagesChanged() } }  // as MatrixConnection does
            defer { relay.cancel() }

            let photos = try FileManager.default.contentsOfDirectory(at: BenchEnvironment.dataDirectory.appendingPathComponent("photos"),
                                                                     includingPropertiesForKeys: nil)
                .filter { $0.pathExtension.lowercased() == "jpg" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            guard !photos.isEmpty else { throw ValidationError("no shipped photos to send") }
            var arrival = Samples(), toRow = Samples()
            for index in 0..<iterations {
                let rowsBefore = screen.list?.rowCount ?? 0
                let sent = try await scene.peer.sendImage(photos[index % photos.count], to: scene.room)
                let drawn = try await drawnPicture(on: screen, area: area, rowsBefore: rowsBefore)
                guard let message = try store.message(eventID: sent.eventID, in: conversation) else {
                    throw ValidationError("\(sent.eventID) drawn but not stored")
                }
                arrival.add(nanoseconds: drawn.picture.timeIntervalSince(message.sentAt) * 1e9)
                toRow.add(nanoseconds: drawn.row.timeIntervalSince(message.sentAt) * 1e9)
            }
            print("peer's send (origin_server_ts) → its thumbnail drawn (sixel, 16×4 cells of 10×20 px): \(arrival.summary)")
            print("  of which: send → its row in the conversation (sync, store, screen): \(toRow.summary)")
            await loader.shutdown()
        }

        /// Waits (polling the main actor each millisecond) until the newest row, added after `rowsBefore` rows, shows its
        /// picture — not a placeholder nor a stand-in — and a draw places it; returns when the row came and when the picture
        /// was drawn.
        @MainActor
        private func drawnPicture(on screen: ConversationScreen, area: CellRect, rowsBefore: Int) async throws -> (row: Date, picture: Date) {
            let deadline = ContinuousClock.now + .seconds(60)
            let canvas = DiscardingCanvas(rows: area.row + area.rows, columns: area.columns)
            var row: Date?
            while ContinuousClock.now < deadline {
                if let list = screen.list, list.rowCount > rowsBefore {
                    if row == nil { row = Date() }
                    if let cell = list.cell(forRow: list.rowCount - 1), cell.url != nil, !cell.content.isPlaceholder, !cell.content.isPreview {
                        screen.tick()
                        if let row, !screen.draw(on: canvas, area: area, options: DrawOptions()).isEmpty { return (row, Date()) }
                    }
                }
                try await Task.sleep(for: .milliseconds(1))
            }
            throw ValidationError("the picture was not drawn within 60 s")
        }
    }
}

/// A canvas that keeps nothing: the benchmark needs only the pictures a draw places.
private final class DiscardingCanvas: TextCanvas {
    let size: (rows: Int, columns: Int)
    init(rows: Int, columns: Int) { size = (rows, columns) }
    func clear() {}
    func put(_ text: String, row: Int, column: Int, width: Int, style: TextStyle) {}
}
