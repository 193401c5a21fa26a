// The message database is its owner's alone whatever the umask: 0600 files in a 0700 folder, so other users of
// the machine cannot read what was written.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct PrivateDatabaseTests {
    @Test func theMessageDatabaseIsTheOwnersOnly() async throws {
        // Given no database yet
        let folder = try TemporaryDirectory()
        let path = folder.appending("data/snapterm/messages.sqlite").path
        // When it is created and written
        let store = try MessageStore(path: path)
        _ = try store.createConversation(title: "private")
        // Then its folder is 0700 and the database and its journal files 0600
        #expect(FilePermissions.mode(of: folder.appending("data/snapterm")) == 0o700)
        #expect(FilePermissions.openToOthers(under: folder.appending("data/snapterm")).isEmpty, "\(FilePermissions.openToOthers(under: folder.appending("data/snapterm")))")
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
