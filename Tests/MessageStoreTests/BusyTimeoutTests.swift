// A write waits for another process's lock (busy timeout) instead of failing at once.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct BusyTimeoutTests {
    @Test func aDraftWriteWaitsForAnotherProcesssLock() async throws {
        // Given a database and another process (sqlite3) holding its write lock for 1.5 s
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let store = try MessageStore(path: path)
        let chat = try #require(try store.createConversation(title: "A").id)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "(echo 'BEGIN IMMEDIATE;'; echo \"SELECT 'locked';\"; sleep 1.5; echo 'COMMIT;') | sqlite3 \"$0\"", path]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        let locked = try await OffPool.run { () -> Bool in
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("locked") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return false }
                seen.append(chunk)
            }
            return true
        }
        #expect(locked)

        // When this process saves a draft meanwhile
        let start = ContinuousClock.now
        let saved = await Result { try await OffPool.run { try store.saveDraft(Draft(text: "typed while locked"), for: chat) } }

        // Then the write waited for the lock and landed (before: SQLITE_BUSY at once)
        if case .failure(let error) = saved { Issue.record("the draft write failed: \(error)") }
        #expect(ContinuousClock.now - start > .milliseconds(500))
        #expect(try store.draft(for: chat).text == "typed while locked")
        try await OffPool.run { holder.waitUntilExit() }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
