// A database written by a newer Snapterm (a migration this build does not know) is refused with a
// clear error and left byte for byte as it was.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct NewerSchemaTests {
    @Test func aNewerSchemaIsRefusedAndNeverAltered() throws {
        // Given a database migrated by a "newer build": one more migration and a table this build lacks
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        do {
            let store = try MessageStore(path: path)
            try store.createConversation(title: "Ada")
        }
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [path, "CREATE TABLE reaction (messageId INTEGER, emoji TEXT); "
                            + "INSERT INTO grdb_migrations (identifier) VALUES ('v9: reactions');"]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        // When this build opens it
        #expect(throws: MessageStoreError.newerSchema(path: path, unknownMigrations: ["v9: reactions"])) {
            _ = try MessageStore(path: path)
        }

        // Then the file is untouched, and the message names what to do
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let message = MessageStoreError.newerSchema(path: path, unknownMigrations: ["v9: reactions"]).description
        #expect(message.contains("newer Snapterm") && message.contains(path))
    }
}
