// A FIFO or device in the user's photo folder is never read: not listed as a photo, and refused
// when a listed photo is swapped for one (before, the read blocked a thread forever).
import AssetLibrary
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct AssetFileTypeTests {
    @Test func aFIFONamedLikeAPictureIsNotAPhoto() throws {
        // Given a user folder with a real picture and a FIFO named like one
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(at: AssetFixtures.shipped.appendingPathComponent("coffee.jpg"), to: folder.appending("real.jpg"))
        #expect(mkfifo(folder.appending("pipe.jpg").path, 0o600) == 0)

        // When the library opens it, then only the picture is listed
        let library = try AssetLibrary(shippedFolder: AssetFixtures.shipped, userFolder: folder.url)
        let users = library.assets.filter { $0.id.hasPrefix("u-") }.map(\.file)
        #expect(users == ["real.jpg"])
    }

    @Test func aPhotoSwappedForAFIFOIsRefusedAtOnce() async throws {
        // Given a listed user photo that is then replaced by a FIFO with no writer
        let folder = try TemporaryDirectory()
        let photo = folder.appending("swap.jpg")
        try FileManager.default.copyItem(at: AssetFixtures.shipped.appendingPathComponent("coffee.jpg"), to: photo)
        let loader = try AssetFixtures.loader(userFolder: folder.url)
        let id = AssetLibrary.userAssetID(relativePath: "swap.jpg")
        try FileManager.default.removeItem(at: photo)
        #expect(mkfifo(photo.path, 0o600) == 0)

        // When it is loaded
        let outcome = Locked<Result<LoadResult, any Error>?>(nil)
        loader.load(URL(string: "asset://?id=\(id)&width=64&height=64")!) { result in outcome.withLock { $0 = result } }
        let deadline = ContinuousClock.now + .seconds(60)  // generous: parallel suites may hold the pool
        while outcome.withLock({ $0 == nil }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        if outcome.withLock({ $0 == nil }) {
            Issue.record("the asset load hung on a FIFO")
            let writer = open(photo.path, O_WRONLY | O_NONBLOCK)  // unblock today's blocking open
            if writer >= 0 { close(writer) }
            while outcome.withLock({ $0 == nil }) { try await Task.sleep(for: .milliseconds(5)) }
        }

        // Then it fails with the photo's error naming the FIFO
        guard case .failure(let error)? = outcome.withLock({ $0 }),
              case .unreadablePhoto(let failedID, let reason)? = error as? AssetLibraryError else {
            Issue.record("expected unreadablePhoto, got \(String(describing: outcome.withLock { $0 }))")
            return
        }
        #expect(failedID == id)
        #expect(reason.contains("FIFO"))
    }
}
