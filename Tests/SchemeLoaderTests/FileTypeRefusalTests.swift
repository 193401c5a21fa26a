// The file handler refuses FIFOs, sockets, devices and directories with a typed error, at once:
// before, opening a FIFO without a writer blocked a thread of the cooperative pool forever.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct FileTypeRefusalTests {
    /// Loads `url` and waits at most `limit` (generous: parallel suites can hold the cooperative
    /// pool for seconds; the refusal itself takes microseconds, a hang forever); on a hang,
    /// `unblock` runs so the test can end.
    private func loadBounded(_ loader: SchemeLoader, _ url: URL, limit: Duration = .seconds(60),
                             unblock: @Sendable () -> Void = {}) async -> Result<LoadResult, any Error>? {
        let outcome = Locked<Result<LoadResult, any Error>?>(nil)
        loader.load(url) { result in outcome.withLock { $0 = result } }
        let finished = await LoaderFixtures.eventually(timeout: limit) { outcome.withLock { $0 != nil } }
        if !finished {
            Issue.record("the load of \(url.path) did not finish within \(limit)")
            unblock()
            _ = await LoaderFixtures.eventually { outcome.withLock { $0 != nil } }
        }
        return outcome.withLock { $0 }
    }

    private func expectRefused(_ result: Result<LoadResult, any Error>?, kind: String) {
        guard case .failure(let error) = result, case .notARegularFile(_, let found)? = error as? LoadError else {
            Issue.record("expected notARegularFile(\(kind)), got \(String(describing: result))")
            return
        }
        #expect(found.contains(kind))
    }

    /// Whether its calls run off the cooperative pool (below a UI) or on the calling task (a command).
    @Test(arguments: [nil, WorkerPool.foreground])
    func aFIFOWithoutAWriterIsRefusedNotWaitedOn(blockingCalls: WorkerPool?) async throws {
        // Given a FIFO named like a picture inside an allowed folder, with nobody writing to it
        let root = try TemporaryDirectory()
        let fifo = root.appending("x.jpg")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url], blockingCalls: blockingCalls)])

        // When it is loaded
        let result = await loadBounded(loader, fifo) {
            // Today's code blocks in open(2) until a writer comes: be that writer, then hang up.
            let writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }

        // Then it is refused, naming the cause
        expectRefused(result, kind: "FIFO")
    }

    @Test func aFIFOWithAnIdleWriterIsRefused() async throws {
        // Given a FIFO whose writer holds it open and never writes (a read would wait forever)
        let root = try TemporaryDirectory()
        let fifo = root.appending("held.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
        let writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
        defer { close(reader); close(writer) }
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url])])

        // When it is loaded, then it is refused (the writer is closed only if the load hangs)
        let result = await loadBounded(loader, fifo) { close(writer) }
        expectRefused(result, kind: "FIFO")
    }

    @Test func aSocketIsRefused() async throws {
        // Given a Unix socket bound inside the allowed folder
        let root = try TemporaryDirectory()
        let path = root.appending("s.jpg").path
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url])])

        // When it is loaded, then it is refused as a socket
        expectRefused(await loadBounded(loader, URL(fileURLWithPath: path)), kind: "socket")
    }

    @Test func aCharacterDeviceIsRefusedNotReadUntilTheLimit() async throws {
        // Given /dev allowed (a careless configuration) and /dev/zero, endless and size 0
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [URL(fileURLWithPath: "/dev")])])

        // When /dev/zero is loaded, then it is refused as a device (not read to the 64 MiB limit)
        expectRefused(await loadBounded(loader, URL(fileURLWithPath: "/dev/zero")), kind: "character device")
    }

    @Test func aDirectoryIsRefused() async throws {
        let root = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: root.appending("album.jpg"), withIntermediateDirectories: false)
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url])])
        expectRefused(await loadBounded(loader, root.appending("album.jpg")), kind: "directory")
    }

    @Test func aFileThatVanishesBeforeTheLoadIsNotFound() async throws {
        // Given a file whose cache key was taken, then the file deleted
        let root = try TemporaryDirectory()
        let file = root.appending("gone.png")
        try Data("x".utf8).write(to: file)
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url])])
        let key = try loader.canonicalURL(for: file)
        try FileManager.default.removeItem(at: file)

        // When the keyed URL is loaded, then it is a typed not-found
        let result = await loadBounded(loader, key)
        guard case .failure(let error) = result, case .fileNotFound? = error as? LoadError else {
            Issue.record("expected fileNotFound, got \(String(describing: result))")
            return
        }
    }
}
