// MessageStore: the SQLite database (GRDB, WAL) of conversations, messages and drafts.
import Foundation
import GRDB

/// Conversations, messages and one draft per conversation, stored in SQLite. Attachments are
/// stored as URLs only: the store never knows how a picture is made. Every change is one
/// transaction; the database is opened in WAL mode and is never overwritten when damaged.
public final class MessageStore: Sendable {
    /// The database file.
    public let path: String
    private let pool: DatabasePool
    private let now: @Sendable () -> Date

    /// How long a write waits for another connection's (or process's) lock before failing.
    public static let busyTimeout: TimeInterval = 5

    /// Opens (creating if needed) the database at `path` and migrates it to the current schema.
    /// A file written by a newer Snapterm is refused (`.newerSchema`) and left untouched. With `maximumBytes`, the
    /// database never grows past about that size: a write that would is refused as `.diskFull`, like a full disk.
    public init(path: String, maximumBytes: Int? = nil, now: @escaping @Sendable () -> Date = { Date() }) throws(MessageStoreError) {
        self.path = path
        self.now = now
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotOpen(path: path, reason: "cannot create \(folder)")
        }
        let exists = FileManager.default.fileExists(atPath: path)
        Self.makePrivate(path, exists: exists)
        if exists, !FileManager.default.isWritableFile(atPath: path) || !FileManager.default.isWritableFile(atPath: folder) {
            throw .readOnly(path: path)
        }
        do {
            if exists { try Self.checkIntegrity(path: path) }
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            // Another process (a second snapterm) may hold the write lock for a moment: wait for it.
            configuration.busyMode = .timeout(Self.busyTimeout)
            if let maximumBytes {
                configuration.prepareDatabase { db in
                    let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                    try db.execute(sql: "PRAGMA max_page_count = \(max(1, maximumBytes / pageSize))")
                }
            }
            pool = try DatabasePool(path: path, configuration: configuration)
            // One process migrates at a time: the next one finds the migrations applied.
            try MigrationLock.holding(for: path, timeout: Self.busyTimeout) { try Self.migrator.migrate(pool) }
        } catch let error as MessageStoreError {
            throw error
        } catch {
            throw Self.openError(error, path: path)
        }
    }

    /// `$XDG_DATA_HOME/snapterm/messages.sqlite`, else `<home>/.local/share/snapterm/messages.sqlite`
    /// with home `$HOME` (absolute) or, when it is unset, `accountHome` (from the password database);
    /// `nil` when no home is known — the caller refuses rather than use a shared temporary folder.
    /// `accountHome` is evaluated only when needed (a password-database lookup reads files).
    public static func defaultLocation(environment: [String: String], accountHome: @autoclosure () -> String? = nil) -> URL? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("snapterm/messages.sqlite")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? accountHome().flatMap { $0.hasPrefix("/") && $0 != "/" ? $0 : nil }
        guard let home else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/snapterm/messages.sqlite")
    }

    // MARK: Conversations

    /// Creates a conversation.
    @discardableResult
    public func createConversation(title: String) throws(MessageStoreError) -> Conversation {
        try transaction { try $0.createConversation(title: title) }
    }

    /// Every conversation with its latest message, most recently active first.
    public func conversations() throws(MessageStoreError) -> [ConversationSummary] {
        try read { db in
            let conversations = try Conversation.fetchAll(db)
            let drafts = try Set(Int64.fetchAll(db, sql: "SELECT conversationId FROM draft"))
            let rooms = try Self.matrixRooms(db)
            return try conversations.map { conversation in
                let id = conversation.id ?? 0
                let last = try Self.fetchMessages(db, where: "conversationId = ? ORDER BY sentAt DESC, id DESC LIMIT 1", [id]).first
                return ConversationSummary(conversation: conversation, lastMessage: last, hasDraft: drafts.contains(id),
                                           matrixRoom: rooms[id])
            }
            .filter { $0.matrixRoom?.membership != .leave }  // a room left or declined is no longer listed
            .sorted { ($0.lastMessage?.sentAt ?? $0.conversation.createdAt) > ($1.lastMessage?.sentAt ?? $1.conversation.createdAt) }
        }
    }

    /// Runs `body` as one immediate write transaction: every write in it lands, or none (a throw
    /// rolls back). Waits up to `wait` (default `busyTimeout`) for another process's lock, then
    /// throws `.locked`.
    public func transaction<T>(waitingAtMost wait: TimeInterval = busyTimeout,
                               _ body: (MessageTransaction) throws -> T) throws(MessageStoreError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                var result: T?
                if wait != Self.busyTimeout { try db.execute(sql: "PRAGMA busy_timeout = \(Self.milliseconds(wait))") }
                defer { if wait != Self.busyTimeout { try? db.execute(sql: "PRAGMA busy_timeout = \(Self.milliseconds(Self.busyTimeout))") } }
                try db.inTransaction(.immediate) {
                    result = try body(MessageTransaction(db: db, now: now()))
                    return .commit
                }
                guard let result else { throw MessageStoreError.operationFailed(reason: "transaction produced nothing") }
                return result
            }
        } catch {
            throw operationError(error)
        }
    }

    private static func milliseconds(_ interval: TimeInterval) -> Int { max(0, Int((interval * 1000).rounded())) }

    // MARK: Messages

    /// The messages of a conversation, oldest first.
    public func messages(in conversationID: Int64) throws(MessageStoreError) -> [Message] {
        try read { db in
            try Self.fetchMessages(db, where: "conversationId = ? ORDER BY sentAt, id", [conversationID])
        }
    }

    /// The first picture of the newest message with pictures in each conversation (a list row's thumbnail where the
    /// room has no avatar), in one query — not every conversation's messages read for it.
    public func newestPictures() throws(MessageStoreError) -> [Int64: URL] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT conversationId, url FROM (
                  SELECT message.conversationId, attachment.url,
                         ROW_NUMBER() OVER (PARTITION BY message.conversationId
                                            ORDER BY message.sentAt DESC, message.id DESC, attachment.position) AS rank
                  FROM message JOIN attachment ON attachment.messageId = message.id)
                WHERE rank = 1
                """)
            return Dictionary(rows.compactMap { row in URL(string: row["url"]).map { (row["conversationId"] as Int64, $0) } },
                              uniquingKeysWith: { first, _ in first })
        }
    }

    /// The colour sketch kept for the picture at `url` (`ColourSketch`'s text form), if any.
    public func sketch(for url: URL) throws(MessageStoreError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT sketch FROM pictureSketch WHERE url = ?", arguments: [url.absoluteString]) }
    }

    /// Sends `draft` in a conversation: stores the message and clears the draft in one transaction.
    /// The send-once key is `key`, else the draft's `sendKey`, else the one saved with the
    /// conversation's draft: sending the same draft again returns the stored message.
    @discardableResult
    public func send(_ draft: Draft, in conversationID: Int64, key: UUID? = nil) throws(MessageStoreError) -> Message {
        try transaction { try $0.send(draft, in: conversationID, key: key) }
    }

    /// Stores a message from the other party.
    @discardableResult
    public func receive(text: String, attachments: [URL] = [], in conversationID: Int64, at date: Date) throws(MessageStoreError) -> Message {
        try transaction { try $0.receive(text: text, attachments: attachments, in: conversationID, at: date) }
    }

    // MARK: Drafts

    /// The draft of a conversation (empty when none was saved), with its send-once key and size choice.
    public func draft(for conversationID: Int64) throws(MessageStoreError) -> Draft {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT text, attachments, sendKey, original FROM draft WHERE conversationId = ?",
                                             arguments: [conversationID])
            else { return Draft() }
            let urls = (try? JSONDecoder().decode([String].self, from: Data((row["attachments"] as String).utf8))) ?? []
            return Draft(text: row["text"], attachments: urls.compactMap(URL.init(string:)),
                         sendKey: (row["sendKey"] as String?).flatMap(UUID.init(uuidString:)), original: row["original"])
        }
    }

    /// Saves (or, when empty, removes) the draft of a conversation; returns its send-once key.
    @discardableResult
    public func saveDraft(_ draft: Draft, for conversationID: Int64) throws(MessageStoreError) -> UUID? {
        try transaction { try $0.saveDraft(draft, for: conversationID) }
    }

    /// True when there are no conversations yet (a first run).
    public var isEmpty: Bool {
        get throws(MessageStoreError) { try read { db in try Conversation.fetchCount(db) == 0 } }
    }

    // MARK: Internals

    func read<T>(_ body: (Database) throws -> T) throws(MessageStoreError) -> T {
        do { return try pool.read(body) } catch { throw operationError(error) }
    }

    static func fetchMessages(_ db: Database, where clause: String, _ arguments: StatementArguments) throws -> [Message] {
        let columns = "id, conversationId, text, sentAt, state, eventId, sender, kind, edited, replyTo, transactionId"
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT \(columns) FROM message WHERE \(clause)"), arguments: arguments)
        return try rows.map { row in
            let id: Int64 = row["id"]
            let attachments = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT attachment.url, pictureSketch.sketch FROM attachment
                LEFT JOIN pictureSketch ON pictureSketch.url = attachment.url
                WHERE messageId = ? ORDER BY position
                """), arguments: [id])
            var sketches: [URL: String] = [:]
            let urls = attachments.compactMap { attachment -> URL? in
                guard let url = URL(string: attachment["url"]) else { return nil }
                if let sketch: String = attachment["sketch"] { sketches[url] = sketch }
                return url
            }
            return Message(id: id, conversationID: row["conversationId"], text: row["text"], sentAt: row["sentAt"],
                           state: row["state"], attachments: urls, sketches: sketches, matrix: try matrixDetails(db, row),
                           delivery: try delivery(db, row))
        }
    }

    /// Checks an existing file through a read-only connection, so a damaged file is never written to.
    private static func checkIntegrity(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        try DatabaseQueue(path: path, configuration: configuration).read { db in
            let check = try String.fetchOne(db, sql: "PRAGMA quick_check")
            guard check == "ok" else { throw MessageStoreError.corrupted(path: path, reason: check ?? "integrity check failed") }
            try checkSchemaIsKnown(db, path: path)
        }
    }

    private static func openError(_ error: any Error, path: String) -> MessageStoreError {
        if let database = error as? DatabaseError {
            switch database.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupted(path: path, reason: database.message ?? "not a database")
            case .SQLITE_READONLY, .SQLITE_PERM: return .readOnly(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
            default: return .cannotOpen(path: path, reason: database.message ?? "\(database.resultCode)")
            }
        }
        return .cannotOpen(path: path, reason: "\(error)")
    }

    private func operationError(_ error: any Error) -> MessageStoreError {
        if let own = error as? MessageStoreError { return own }
        if let database = error as? DatabaseError, database.resultCode == .SQLITE_BUSY || database.resultCode == .SQLITE_LOCKED {
            return .locked(path: path)
        }
        if let database = error as? DatabaseError, database.resultCode == .SQLITE_FULL {
            return .diskFull(path: path)
        }
        if let database = error as? DatabaseError, database.resultCode == .SQLITE_READONLY {
            return .operationFailed(reason: "the database became read-only")
        }
        return .operationFailed(reason: "\(error)")
    }
}
