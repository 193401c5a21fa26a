// A damaged or read-only database file gives a clear error and is never overwritten.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct DamagedDatabaseTests {
    @Test func aFileThatIsNotADatabaseIsReportedAndLeftUntouched() throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("messages.sqlite").path
        let junk = Data((0..<8192).map { UInt8(($0 * 31) % 256) })
        try junk.write(to: URL(fileURLWithPath: path))
        #expect {
            try MessageStore(path: path)
        } throws: { error in
            guard case .corrupted(let reported, _)? = error as? MessageStoreError else { return false }
            return reported == path && String(describing: error).contains("left as it is")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == junk)
    }

    @Test func aDatabaseWithDamagedPagesIsReportedAndLeftUntouched() throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("messages.sqlite").path
        do {
            let store = try MessageStore(path: path)
            let id = try #require(try store.createConversation(title: "A").id)
            for i in 0..<300 { try store.send(Draft(text: String(repeating: "x", count: 200) + "\(i)"), in: id) }
        }
        // A cleanly closed store leaves no write-ahead log to replay; drop any so only the damage is tested.
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        // Keep the header, damage the pages after it.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for i in stride(from: 4096, to: bytes.count, by: 7) { bytes[i] = 0xFF }
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(throws: MessageStoreError.self) { try MessageStore(path: path) }
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        let changed = zip(after, bytes).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(after.count == bytes.count)
        #expect(changed.isEmpty, "changed bytes at \(changed.prefix(10))")
    }

    @Test func aReadOnlyFileIsReportedAsSuch() throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("messages.sqlite").path
        do { _ = try MessageStore(path: path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        if geteuid() == 0 {
            // root may write anyway; the store must still open and work rather than fail oddly.
            #expect(throws: Never.self) { try MessageStore(path: path) }
        } else {
            #expect(throws: MessageStoreError.readOnly(path: path)) { try MessageStore(path: path) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }
}
