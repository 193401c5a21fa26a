// SendCommandTests: `snapterm send` against the real Synapse, read by a matrix-nio peer — text and an edited photo
// arrive with the very pixels of the draft; a kill -9 during the upload (the event already with the peer), then a
// second run, gives exactly one message; the server gone while a hundred are sent and back: every one once, in order.
import AssetLibrary
import Foundation
import Imaging
import Matrix
import MessageStore
import SchemeLoader
import TestSupport
import Testing

/// Serialized: each case starts `snapterm` processes (a 2-core machine).
@Suite(.serialized) struct SendCommandTests {
    @Test func givenTextAndAnEditedPhoto_whenSent_thenThePeerReceivesBothAndTheSamePixels() async throws {
        // Given a gallery photo with edits, as the draft names it
        let fixture = try await SendCommandFixture.make()
        let draftURL = "asset://?id=p-bd22fddc&crop=0.1,0,0.8,1&rotate=90&filter=mono"

        // When it is sent with a text
        let output = try await fixture.send(["--text", "look at this", "--photo", draftURL])

        // Then two lines say sent, and the peer receives the text, then the picture with its announced sizes
        #expect(output.status == 0, "\(output.stderr)")
        let lines = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("sent \(fixture.room) $") }, "\(lines)")
        let events = try await fixture.peer.messages(in: fixture.room, atLeast: 2)
        let contents = events.compactMap { $0["content"] as? [String: Any] }
        try #require(contents.count == 2)
        #expect(contents[0]["body"] as? String == "look at this" && contents[0]["msgtype"] as? String == "m.text")
        let image = contents[1]
        let info = try #require(image["info"] as? [String: Any])
        #expect(image["msgtype"] as? String == "m.image" && info["mimetype"] as? String == "image/jpeg")
        #expect(info["w"] as? Int == 1600 && info["h"] as? Int == 2048)
        let thumbnailInfo = try #require(info["thumbnail_info"] as? [String: Any])
        #expect((thumbnailInfo["w"] as? Int ?? 0) <= 800 && (thumbnailInfo["h"] as? Int ?? 0) <= 600)
        #expect((info["xyz.amorgan.blurhash"] as? String).map { (try? BlurHash($0)) != nil } == true)

        // And the picture the peer downloads is the draft's edited picture (what the asset handler draws), pixel for pixel
        // within JPEG's loss; its thumbnail is a small copy of it
        let picture = fixture.home.appending("peer-picture")
        try await fixture.peer.download(try #require(image["url"] as? String), to: picture)
        let received = try Data(contentsOf: picture)
        #expect(received.count == info["size"] as? Int)
        let library = try AssetLibrary(shippedFolder: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos"))
        let loader = try SchemeLoader(handlers: [AssetSchemeHandler(library: library)])
        let drawn = try await loader.data(for: try #require(URL(string: draftURL + "&width=1600&height=2048"))).data
        let receivedPixels = try ImageProcessor().decode(received)
        let draftPixels = try ImageProcessor().decode(drawn)
        #expect((receivedPixels.width, receivedPixels.height) == (1600, 2048))
        #expect(receivedPixels.psnr(against: draftPixels) > 35, "PSNR \(receivedPixels.psnr(against: draftPixels))")
        let unedited = try await loader.data(for: try #require(URL(string: "asset://?id=p-bd22fddc&width=1600&height=2048&crop=0.1,0,0.8,1&rotate=90"))).data
        #expect(receivedPixels.psnr(against: try ImageProcessor().decode(unedited)) < 30)
        let thumbnail = fixture.home.appending("peer-thumbnail")
        try await fixture.peer.download(try #require(info["thumbnail_url"] as? String), to: thumbnail)
        let thumbnailPixels = try ImageProcessor().decode(try Data(contentsOf: thumbnail))
        #expect((thumbnailPixels.width, thumbnailPixels.height) == (thumbnailInfo["w"] as? Int ?? 0, thumbnailInfo["h"] as? Int ?? 0))
        #expect(try fixture.outbox().map(\.state) == [.sent, .sent])
    }

    @Test func givenASendKilledDuringItsUpload_whenRunAgain_thenExactlyOneMessageArrives() async throws {
        // Given a send of a large photo over a slow uplink
        let fixture = try await SendCommandFixture.make()
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/elephants-large.jpg")
        fixture.relay.limitUpload(to: 256 << 10)
        let process = try fixture.start(["--photo", photo.path, "--original"])

        // When it is killed (SIGKILL) while the picture's bytes are on their way — its event already sent
        var uploading = false
        let started = await eventually(timeout: .seconds(120)) {
            let entry = try? fixture.outbox().first
            uploading = entry?.eventID != nil && entry?.uploaded == false && fixture.relay.upstreamBytes > 300_000
            return uploading || !process.isRunning
        }
        #expect(started && uploading, "\(fixture.backgroundOutput)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let stopped = try #require(try fixture.outbox().first)
        #expect(stopped.state == .uploading && !stopped.uploaded)

        // Then the peer already has the event, before the bytes
        let early = try await fixture.peer.messages(in: fixture.room, atLeast: 1)
        #expect(early.compactMap { $0["event_id"] as? String } == [stopped.eventID].compactMap { $0 })

        // And snapterm send runs again, the uplink fast
        fixture.relay.limitUpload(to: nil)
        let again = try await fixture.send([])

        // Then the pending photo is sent, and the peer sees it exactly once, whole, at the URI reserved first
        #expect(again.status == 0, "\(again.stderr)")
        let lines = String(decoding: again.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("sent \(fixture.room) $") == true && lines.first?.hasSuffix(" elephants-large.jpg") == true,
                "\(lines)")
        let events = try await fixture.peer.messages(in: fixture.room, atLeast: 1)
        let pictures = events.filter { ($0["content"] as? [String: Any])?["msgtype"] as? String == "m.image" }
        #expect(pictures.count == 1 && events.count == 1)
        let content = try #require(pictures.first?["content"] as? [String: Any])
        #expect(content["url"] as? String == stopped.mediaURL)
        let file = fixture.home.appending("received.jpg")
        try await fixture.peer.download(try #require(content["url"] as? String), to: file)
        let info = try ImageProcessor().info(of: try Data(contentsOf: file))
        #expect((info.width, info.height) == (5640, 3172))
        #expect(try fixture.outbox().map(\.state) == [.sent])
    }

    @Test func givenTheServerUnreachableWhileSending_whenItComesBack_thenEveryMessageArrivesOnceInOrder() async throws {
        // Given the way to the homeserver cut
        let fixture = try await SendCommandFixture.make()
        fixture.relay.cut()
        let texts = (1...100).map { "message \($0) of 100" }

        // When a hundred messages are sent, and the server comes back once the first attempt failed
        let process = try fixture.start(texts.flatMap { ["--text", $0] } + ["--retry-for", "120"])
        let failedOnce = await eventually(timeout: .seconds(60)) {
            ((try? fixture.outbox().first?.attempts) ?? 0) >= 1 || !process.isRunning
        }
        #expect(failedOnce && process.isRunning, "\(fixture.backgroundOutput)")
        #expect(try fixture.outbox().map(\.body) == texts)
        try fixture.relay.open()
        let ended = await eventually(timeout: .seconds(120)) { !process.isRunning }
        if !ended { process.terminate() }
        process.waitUntilExit()

        // Then the command ends well, each message was sent, and the peer has each once, in order
        #expect(ended && process.terminationStatus == 0, "\(fixture.backgroundOutput)")
        #expect(fixture.backgroundOutput.split(separator: "\n").filter { $0.hasPrefix("sent ") }.count == 100, "\(fixture.backgroundOutput)")
        let events = try await fixture.peer.messages(in: fixture.room, atLeast: 100)
        #expect(events.compactMap { ($0["content"] as? [String: Any])?["body"] as? String } == texts)
        #expect(try fixture.outbox().allSatisfy { $0.state == .sent })
    }
}
