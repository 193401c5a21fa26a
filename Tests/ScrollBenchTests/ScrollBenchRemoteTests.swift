// The remote list: web pictures from a loopback server, counted by the server and the benchmark alike.
import Foundation
import ScrollBench
import TestSupport
import Testing

@MainActor
@Suite(.serialized) struct ScrollBenchRemoteTests {
    /// A server of 40 picture URLs over 6 web pictures made from three shipped photos, answering after `latency` ms;
    /// with `sketches`, the conversation's messages carry colour sketches of their pictures (`blurHashes`: BlurHashes);
    /// with `http2`, over https with HTTP/2.
    private static func server(latency: Int, sketches: Bool = false, blurHashes: Bool = false,
                               http2: Bool = false) async throws -> (RemotePictureServer, WebPhotoCorpus) {
        let sources = ["coffee.jpg", "rocket.jpg", "astronaut.jpg"].map {
            CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/\($0)")
        }
        let corpus = try WebPhotoCorpus(sources: sources, count: 6)
        var conditions = NetworkConditions()
        conditions.latencyMilliseconds = latency
        conditions.sketches = sketches
        conditions.blurHashes = blurHashes
        conditions.http2 = http2
        return (try await RemotePictureServer(corpus: corpus, rows: 40, conditions: conditions), corpus)
    }

    private static func benchmark(_ server: RemotePictureServer) -> ScrollBenchmark {
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { directory in
            try server.makeState(diskDirectory: directory, graphics: .sixel, cellSize: (8, 16))
        }
        benchmark.network = server
        return benchmark
    }

    @Test func aColdRemoteRunFetchesEachPictureOnceOverAFewConnections() async throws {
        // Given a loopback server answering each picture request after 50 ms
        let (server, corpus) = try await Self.server(latency: 50)
        // When the benchmark scrolls the remote list 12 rows down at 10 rows/s from empty caches
        let script = ScrollScript(pattern: .down, rows: 12, rowsPerSecond: 10)
        let result = try await Self.benchmark(server).run(mode: .cold, script: script, list: .remote)
        await server.stop()
        // Then each picture was requested once, the rows reached at least, at most 8 at a time, no connection left over
        let network = try #require(result.network)
        // (the conversation opens at its newest message and the benchmark jumps to the oldest: the loads of the
        // newest rows are cancelled while every turn is taken, so they are not kept, and are asked for again at the end)
        withKnownIssue("the opening jump's cancelled loads are requested again", isIntermittent: true) {
            #expect(network.requests == network.picturesRequested, "no picture fetched twice")
        }
        #expect((12...40).contains(network.picturesRequested))
        let largest = corpus.photos.map(\.data.count).max() ?? 0
        #expect(network.bodyBytes > 0 && network.bodyBytes <= network.requests * largest)
        #expect(network.connectionsOpened >= 1)
        // (a cancelled download's socket may still be closing when the next one opens: the limit is on requests)
        #expect((1...8).contains(network.peakRequestsInFlight))
        #expect(network.openConnectionsAtEnd <= 8, "no connection leaked")
        // and the shares and the first picture's time are consistent with the network's wait
        #expect((0...100).contains(result.whiteSpotPercent) && (0...100).contains(result.previewPercent))
        #expect(result.imageCellFrames > 0)
        #expect(try #require(result.firstPictureMilliseconds) >= 50)
    }

    @Test func overHTTP2TheRemoteListIsServedAsStreamsOfOneHTTPSConnection() async throws {
        // Given the remote list served over https with HTTP/2, answering after 50 ms
        let (server, _) = try await Self.server(latency: 50, http2: true)
        #expect(server.url(row: 0).scheme == "https")
        // When the benchmark scrolls it 12 rows down at 10 rows/s from empty caches
        let script = ScrollScript(pattern: .down, rows: 12, rowsPerSecond: 10)
        let result = try await Self.benchmark(server).run(mode: .cold, script: script, list: .remote)
        await server.stop()
        // Then the pictures were loaded (the run's certificate trusted), every request a stream of one connection
        let network = try #require(result.network)
        #expect(network.picturesRequested >= 12)
        #expect(server.server.http2Requests == server.server.requestCounts.values.reduce(0, +))
        #expect(network.connectionsOpened == 1)
        #expect(result.imageCellFrames > 0)
    }

    @Test func theGridOfURLsCountsEachPictureOnceToo() async throws {
        // Given the same server, its 40 pictures shown as a gallery grid (4 per grid row on an 80-column terminal)
        let (server, _) = try await Self.server(latency: 50)
        // When the grid scrolls 4 grid rows down at 5 grid rows/s from empty caches
        let script = ScrollScript(pattern: .down, rows: 4, rowsPerSecond: 5)
        let result = try await Self.benchmark(server).run(mode: .cold, script: script, list: .remoteGrid)
        await server.stop()
        // Then the pictures of the grid rows reached were each requested once, at most 8 at a time
        let network = try #require(result.network)
        #expect(result.list == .remoteGrid)
        // (a download cancelled while a request to the host waits for its turn is not kept: on a loaded machine
        // the prefetch may still drop one that comes back)
        withKnownIssue("a download cancelled under contention is requested again", isIntermittent: true) {
            #expect(network.requests == network.picturesRequested)
        }
        #expect(network.picturesRequested >= 4 * 4)
        #expect((1...8).contains(network.peakRequestsInFlight) && network.openConnectionsAtEnd <= 8)
        #expect(result.imageCellFrames >= 4 * 4, "several pictures per key frame")
        #expect((0...100).contains(result.whiteSpotPercent))
    }

    @Test func aWarmDiskRemoteRunWithNewLoadersReadsTheRowsItReachesFromDisk() async throws {
        // Given the same server and a cold run's figures for a 12-row scroll
        let (server, _) = try await Self.server(latency: 50)
        let benchmark = Self.benchmark(server)
        let script = ScrollScript(pattern: .down, rows: 12, rowsPerSecond: 10)
        let cold = try await benchmark.run(mode: .cold, script: script, list: .remote)
        // When the same scroll runs with new loaders over disk caches that other loaders filled
        let warm = try await benchmark.run(mode: .warmDisk, script: script, list: .remote)
        await server.stop()
        // Then its thumbnails came from disk, and it asked the server for fewer pictures than the cold run
        #expect(warm.mode == .warmDisk)
        #expect(warm.diskHits > 0)
        let coldRequests = try #require(cold.network).requests
        #expect(try #require(warm.network).requests < coldRequests)
    }

    /// The remote list scrolled 12 rows down at 20 rows/s from empty caches, its server answering after 300 ms.
    private static func slowColdScroll(sketches: Bool = false, blurHashes: Bool = false) async throws -> ScrollBenchResult {
        let (server, _) = try await server(latency: 300, sketches: sketches, blurHashes: blurHashes)
        let script = ScrollScript(pattern: .down, rows: 12, rowsPerSecond: 20)
        let result = try await benchmark(server).run(mode: .cold, script: script, list: .remote)
        await server.stop()
        return result
    }

    /// No frame of `result` showed a blank box: rows not loaded yet showed a stand-in, counted as previews.
    private static func expectNoWhiteSpot(_ result: ScrollBenchResult) {
        #expect(result.whiteSpotPercent == 0)
        #expect(result.whiteSpotFrames == 0)
        #expect(result.previewPercent > 0)
        #expect(result.imageCellFrames > 0)
    }

    @Test func messagesCarryingSketchesShowNoWhiteSpotOverASlowNetwork() async throws {
        // Given messages carrying colour sketches, when the list scrolls over a slow network, then their sketches show
        Self.expectNoWhiteSpot(try await Self.slowColdScroll(sketches: true))
        // (and the same scroll without sketches does show blank boxes: the network is too slow for the scroll)
        #expect(try await Self.slowColdScroll().whiteSpotPercent > 0)
    }

    @Test func messagesCarryingBlurHashesShowNoWhiteSpotOverASlowNetwork() async throws {
        // Given messages carrying BlurHashes with their sizes, when the list scrolls over a slow network, then they show
        Self.expectNoWhiteSpot(try await Self.slowColdScroll(sketches: true, blurHashes: true))
    }
}
