// A write waits for another process's lock (busy timeout) instead of failing at once.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct BusyTimeoutTests {
    @Test func aDraftWriteWaitsForAnotherProcesssLock() async throws {
        // Given a database and another process (sqlite3) holding its write lock until told to let go
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let store = try MessageStore(path: path)
        let chat = try #require(try store.createConversation(title: "A").id)
        let holder = try await DatabaseLockHolder(path: path)

        // When this process saves a draft meanwhile, and the other process lets go 300 ms after the
        // write began (all on threads of their own, so a busy test pool cannot reorder them)
        let moments = Moments()
        let saved = try await OffPool.run { () -> Result<Void, any Error> in
            Thread.detachNewThread {
                while moments.writeBegan == nil { Thread.sleep(forTimeInterval: 0.01) }
                Thread.sleep(forTimeInterval: 0.3)
                moments.letGo = ContinuousClock.now
                holder.letGoNow()
            }
            moments.writeBegan = ContinuousClock.now
            defer { moments.writeEnded = ContinuousClock.now }
            return Result { try store.saveDraft(Draft(text: "typed while locked"), for: chat) }
        }

        // Then the write waited for the lock and landed (before: SQLITE_BUSY at once)
        if case .failure(let error) = saved { Issue.record("the draft write failed: \(error)") }
        let (letGoAt, endedAt) = (try #require(moments.letGo), try #require(moments.writeEnded))
        #expect(endedAt > letGoAt, "the write ended before the other process let go of its lock")
        #expect(try store.draft(for: chat).text == "typed while locked")
        try await holder.release()
    }
}

/// When the write began and ended and when the lock holder let go, set from several threads.
private final class Moments: @unchecked Sendable {  // safe: every access holds `lock`
    private let lock = NSLock()
    private var values: [String: ContinuousClock.Instant] = [:]

    var writeBegan: ContinuousClock.Instant? {
        get { lock.withLock { values["began"] } }
        set { lock.withLock { values["began"] = newValue } }
    }
    var writeEnded: ContinuousClock.Instant? {
        get { lock.withLock { values["ended"] } }
        set { lock.withLock { values["ended"] = newValue } }
    }
    var letGo: ContinuousClock.Instant? {
        get { lock.withLock { values["letGo"] } }
        set { lock.withLock { values["letGo"] = newValue } }
    }
}
