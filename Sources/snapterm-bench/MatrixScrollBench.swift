// MatrixScrollBench: `snapterm-bench matrix-scroll` — a room of 1,000 image messages scrolled cold, loopback, against the
// test homeserver (`eval "$(scripts/matrix/homeserver start DIR)"`). The matrix-nio peer sends a shipped photo 1,000
// times (each its own upload: a new `mxc://` URL, its thumbnails made by the server); Snapterm's SyncEngine and
// HistoryPaging store the room; the scroll benchmark then drives the real app over it with empty caches and counts white
// spots (previews and stand-ins apart) and the bytes the `mxc://` handler downloaded, beside the size of the server's
// thumbnail for the cell's box. `--room ROOM --user NAME` (password in $BENCH_PASSWORD) scrolls a room populated before
// (`peer.py send-images`: seeding 1,000 images takes minutes) instead.
import ArgumentParser
import Foundation
import Matrix
import MessageStore
import SchemeLoader
import ScrollBench
import SnaptermUI
import TestSupport
import Thumbnails

extension SnaptermBench {
    struct MatrixScrollBench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "matrix-scroll",
            abstract: "Matrix, loopback: a room of image messages scrolled cold — white spots and bytes downloaded per picture.")

        @Option(help: "Image messages in the room.")
        var messages = 1000
        @Option(help: "Rows scrolled.")
        var rows = 500
        @Option(help: "Scroll speed, rows a second.")
        var rowsPerSecond = 30.0
        @Option(help: "The photo sent (default: the shipped ladybird.jpg, 342 KB).")
        var photo: String?
        @Option(help: "Scroll this room, already populated (`peer.py send-images`), instead of sending images; the reader is --user, its password in $BENCH_PASSWORD.")
        var room: String?
        @Option(help: "With --room: the localpart of the user who reads it.")
        var user: String?

        @MainActor
        func run() async throws {
            let homeserver = try TestHomeserver.fromEnvironment()
            let (room, reader) = try await populatedRoom(on: homeserver)
            let client = MatrixClient()
            let session = try await client.login(at: homeserver.url, user: MatrixUserID(reader.localpart), password: reader.password)
            let folder = try TemporaryDirectory()
            let store = try MessageStore(path: folder.appending("messages.sqlite").path)
            let started = ContinuousClock.now
            let conversation = try await storeRoom(room, client: client, session: session, store: store)
            let images = try store.messages(in: conversation).filter { $0.matrix?.kind == .image }
            print("stored \(images.count) images (sync, then paging back) in \(ContinuousClock.now - started)")

            let pictureLoaders = PictureLoaders()  // the loader of the run, for its mxc:// downloads
            var setup = ScrollBenchmark.Setup()
            setup.settleTimeout = .seconds(60)
            let benchmark = ScrollBenchmark(setup: setup) { directory in
                let loader = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session), ThumbnailSchemeHandler(encoder: ThumbnailEncoder())],
                                              configuration: .userInterface(diskDirectory: directory.appendingPathComponent("cache")))
                pictureLoaders.last = loader
                return AppState(loader: loader, graphics: .sixel, cellSize: (10, 20), places: [], messages: store)
            }
            let blurhashes = images.filter { $0.matrix?.media?.blurhash != nil }.count
            print("\(blurhashes) of the \(images.count) images carry a BlurHash")
            let result = try await benchmark.run(mode: .cold, script: ScrollScript(pattern: .down, rows: rows, rowsPerSecond: rowsPerSecond),
                                                 list: .conversation)
            guard let statistics = pictureLoaders.last?.statistics(for: "mxc") else { return }
            let visibleRows = (setup.rows - 4) / (setup.thumbnailRows + 1)
            let shown = min(images.count, rows + visibleRows)
            let thumbnail = try await serverThumbnailBytes(of: images.last, session: session, box: (setup.thumbnailColumns * 10, setup.thumbnailRows * 20))
            let perPicture = Double(statistics.bytesLoaded) / Double(shown)
            print(String(format: "cold, %.0f rows/s, %d rows: white %.2f %% of %d picture-cell frames (%d key frames), preview %.2f %%; frame p50 %.1f ms, p99 %.1f ms",
                         rowsPerSecond, rows, result.whiteSpotPercent, result.imageCellFrames, result.keyFrames, result.previewPercent,
                         result.frameMillisecondsP50, result.frameMillisecondsP99))
            print("mxc:// downloads: \(statistics.handlerLoads) loads, \(statistics.bytesLoaded) bytes for \(shown) pictures shown: "
                  + String(format: "%.0f bytes a picture = %.2f× the server's thumbnail for the box (%d bytes); the file is %d bytes",
                           perPicture, perPicture / Double(max(1, thumbnail)), thumbnail, images.last?.matrix?.media?.size ?? 0))
        }

        /// `--room` read by `--user`, or a new room where the peer sends `--messages` images of `--photo`.
        private func populatedRoom(on homeserver: TestHomeserver) async throws -> (room: String, reader: (localpart: String, password: String)) {
            if let room {
                guard let user, let password = ProcessInfo.processInfo.environment["BENCH_PASSWORD"] else {
                    throw ValidationError("--room needs --user and the user's password in $BENCH_PASSWORD")
                }
                return (room, (user, password))
            }
            let scene = try await homeserver.sharedRoom(named: "Scroll")
            let file = try photo.map { URL(fileURLWithPath: $0) }
                ?? BenchEnvironment.dataDirectory.appendingPathComponent("photos/ladybird.jpg")
            let started = ContinuousClock.now
            _ = try await scene.peer.sendImages(file, count: messages, to: scene.room)
            print("sent \(messages) images of \(file.lastPathComponent) in \(ContinuousClock.now - started)")
            return (scene.room, (scene.alice.localpart, scene.alice.password))
        }

        /// Syncs `room` into `store` once, then pages back until its start; returns its conversation.
        private func storeRoom(_ room: String, client: MatrixClient, session: MatrixSession, store: MessageStore) async throws -> Int64 {
            let engine = SyncEngine(client: client, session: session, store: store, observer: { _ in })
            let syncing = Task { await engine.run() }
            defer { syncing.cancel() }
            guard let conversation = try await eventually(timeout: .seconds(120), { try store.conversationID(ofRoom: room, account: session.userID) })
            else { throw ValidationError("the room never synced") }
            let paging = HistoryPaging(client: client, session: session, store: store, pageSize: 100)
            while true {
                if case .reachedStart = try await paging.pageBack(conversationID: conversation) { return conversation }
            }
        }

        /// The size of the server's thumbnail for a `box` (pixels) of `message`'s picture, as MatrixMediaURL snaps it.
        private func serverThumbnailBytes(of message: Message?, session: MatrixSession, box: (width: Int, height: Int)) async throws -> Int {
            guard let url = message?.matrix?.media?.url, let sized = URL(string: url + "?width=\(box.width)&height=\(box.height)") else { return 0 }
            let loader = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session)])
            let bytes = try await loader.data(for: sized).data.count
            await loader.shutdown()
            return bytes
        }
    }
}

/// The picture loader of the benchmark's last state, whose counts are read after the run.
@MainActor
private final class PictureLoaders {
    var last: SchemeLoader?
}
