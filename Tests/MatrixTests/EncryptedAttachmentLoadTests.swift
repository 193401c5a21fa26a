// Encrypted attachments end to end: the matrix-nio peer uploads a picture encrypted (AES-256-CTR, `content.file`) to
// the real Synapse; Snapterm's own sync reads the event, the loader downloads the ciphertext through the `mxc://`
// handler and decrypts it in the `emxc://` stage — the pixels are the original's; a wrong hash is a typed error and no
// picture is made; and afterwards no file under the loaders' disk caches holds the clear bytes, the key, or any entry
// of the decrypted file or its thumbnail (only the ciphertext is cached).
import Foundation
import Imaging
import Matrix
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct EncryptedAttachmentLoadTests {
    private static let photo = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/coffee-160x120.png")

    @Test func aPeersEncryptedPictureIsDecryptedInMemoryAndATamperedOneIsRefused() async throws {
        // Given a peer in a room with us that sends the photo encrypted, then again with a hash of other bytes
        let homeserver = try TestHomeserver.fromEnvironment()
        let shared = try await homeserver.sharedRoom()
        let (alice, peer, room) = (shared.alice, shared.peer, shared.room)
        let folder = try TemporaryDirectory()
        let clear = try Data(contentsOf: Self.photo)
        let secret = folder.appending("secret-coffee.png"), tampered = folder.appending("tampered-coffee.png")
        try clear.write(to: secret)
        try clear.write(to: tampered)
        let sent = try await peer.sendImage(secret, to: room, encrypted: true)
        _ = try await peer.sendImage(tampered, to: room, encrypted: true, wrongHash: true)

        // and our own sync reads both events' `content.file`, whose keys go to memory
        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID(alice.localpart), password: alice.password)
        let keys = EncryptedMediaKeys()
        var files: [String: EncryptedFile] = [:]
        for name in ["secret-coffee.png", "tampered-coffee.png"] {
            let event = try await client.waitForMessage(session, in: room, body: name, within: .seconds(60))
            files[name] = try #require(event.content?.encryptedFile, "\(name) came without content.file")
        }
        let good = try #require(files["secret-coffee.png"]), bad = try #require(files["tampered-coffee.png"])
        #expect(good.url == sent.url)
        let goodURL = keys.register(try EncryptedAttachment(good))
        let badURL = keys.register(try EncryptedAttachment(bad))
        #expect(goodURL.absoluteString == "e" + sent.url)
        #expect(!goodURL.absoluteString.contains(good.key.k))

        // and the app's loader with its disk cache: mxc://, the decrypt stage and thumbnails (sixel)
        let cache = folder.appending("cache")
        let pictures = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session), EncryptedMediaSchemeHandler(keys: keys),
                                                   ThumbnailSchemeHandler()],
                                        configuration: SchemeLoaderConfiguration(diskDirectory: cache))
        let thumbnails = pictures

        // When the picture and its thumbnail are loaded
        let loaded = try await pictures.data(for: goodURL)
        let box = ThumbnailBox(columns: 20, rows: 6, mode: .sixel)
        let thumbnail = try await thumbnails.data(for: ThumbnailURL(source: goodURL, box: box).url)
        // Then the decrypted file is the original, its pixels the original's, and the thumbnail a sixel picture
        #expect(loaded.data == clear)
        #expect(loaded.response.isConfidential == true && loaded.response.storagePolicy == StoragePolicy.memoryOnly)
        #expect(try ImageProcessor().decode(loaded.data) == ImageProcessor().decode(clear))
        guard case .sixel? = TerminalPicture(encoded: thumbnail.data) else { Issue.record("no sixel thumbnail"); return }
        #expect(thumbnail.response.storagePolicy == StoragePolicy.memoryOnly && thumbnail.response.isConfidential == true)

        // When the tampered one is loaded, alone and as a thumbnail
        // Then each is the typed hash error and no picture is made
        await #expect(throws: EncryptedAttachmentError.hashMismatch(url: bad.url)) { try await pictures.data(for: badURL) }
        await #expect(throws: EncryptedAttachmentError.hashMismatch(url: bad.url)) {
            try await thumbnails.data(for: ThumbnailURL(source: badURL, box: box).url)
        }
        // and an attachment whose message was not read cannot be opened
        let unknown = try #require(URL(string: "emxc://localhost/NotReadInThisSession"))
        await #expect(throws: EncryptedAttachmentError.keyUnknown(url: unknown.absoluteString)) { try await pictures.data(for: unknown) }

        // When every disk write has finished
        await pictures.waitForPendingWrites()
        await pictures.shutdown()
        // Then the ciphertext is cached on disk (so the scan reads real entries) …
        let cached = try Self.files(under: [cache])
        let downloader = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session)])
        let ciphertextURL = try #require(URL(string: good.url))
        let ciphertext = try await downloader.data(for: ciphertextURL).data
        await downloader.shutdown()
        #expect(cached.contains { $0.value.range(of: ciphertext) != nil }, "the ciphertext's disk entry")
        // … and no file holds the clear file (whole or a 64-byte piece), the key, or an entry of an emxc:// URL
        let key = try #require(Data(base64Encoded: good.key.k.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "="))
        let middle = clear.subdata(in: (clear.count / 2)..<(clear.count / 2 + 64))
        for (path, contents) in cached {
            #expect(contents.range(of: clear) == nil && contents.range(of: middle) == nil, "clear bytes in \(path)")
            #expect(contents.range(of: key) == nil && contents.range(of: Data(good.key.k.utf8)) == nil, "the key in \(path)")
            #expect(contents.range(of: Data("emxc".utf8)) == nil, "an entry of a decrypted attachment in \(path)")
        }
        try await client.logout(session)
    }

    /// Every regular file under `folders`, by path.
    private static func files(under folders: [URL]) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for folder in folders {
            guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found[url.path] = try Data(contentsOf: url)
            }
        }
        return found
    }
}
