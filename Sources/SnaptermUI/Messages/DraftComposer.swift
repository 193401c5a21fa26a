// DraftComposer: a conversation's draft while it is written — every change saved, sent exactly once,
// and never held up by a database another process has locked.
import Foundation
import MessageStore

/// The draft of one conversation: its text (being edited) and attachment URLs. Every change is
/// saved through the app's `MessageWriter`: at once when the database is free (nothing typed is lost
/// if the process dies), else kept and retried off the UI thread — typing stays live and `saveStatus`
/// says what waits. Sending stores the message and clears the draft in one transaction, or, while the
/// database is locked, keeps the message pending (`pendingSends`) until it can.
@MainActor
public final class DraftComposer {
    /// The conversation.
    public let conversationID: Int64
    /// The text being edited.
    public private(set) var editor = TextEditor()
    /// The attachments, in order.
    public private(set) var attachments: [URL] = [] {
        didSet { if attachments != oldValue { prepareRoomSend() } }
    }
    /// Whether the photos go at their original size (`o`), not fitted into 2048 × 2048; saved with the draft.
    public private(set) var original = false {
        didSet { prepareRoomSend() }
    }
    /// The last failure to read the saved draft, shown to the user.
    public private(set) var problem: String?
    /// Called (on the main actor) when a pending write of this conversation lands or waits.
    public var onWritesChange: (() -> Void)?
    /// The writer the draft and the sends go through (shared by the app's screens).
    public let writer: MessageWriter
    /// Sends the drafts of conversations that are remote rooms (Matrix), if the app has one; it prepares the
    /// draft's photos in the background whenever they change.
    public var roomSending: (any RoomSending)? {
        didSet { prepareRoomSend() }
    }

    private let store: MessageStore
    /// The draft's send-once key, from the store: a retried send finds the message it stored.
    private var sendKey: UUID?
    private var observation: MessageWriter.Observation?

    /// Opens the saved draft of `conversationID` — or the newer one still waiting to be written.
    /// Writes go through `writer` (the app's, so a picker's attachment and the conversation's text are
    /// written in order), else through a writer of its own.
    public init(conversationID: Int64, store: MessageStore, writer: MessageWriter? = nil) {
        self.conversationID = conversationID
        self.store = store
        self.writer = writer ?? MessageWriter(store: store)
        reload()
        observation = self.writer.observe { [weak self] in
            Task { @MainActor in self?.onWritesChange?() }
        }
    }

    deinit { observation?.cancel() }

    /// The draft as it stands.
    public var draft: Draft { Draft(text: editor.text, attachments: attachments, sendKey: sendKey, original: original) }

    /// Chooses the original size for the photos, or the usual one again.
    public func toggleOriginal() {
        original.toggle()
        save()
    }

    /// `candidate` is being edited to be attached (the photo picker): it is prepared beside the draft's own photos,
    /// each edit replacing the last, so the one attached is ready, or nearly, by Enter.
    public func prepare(alsoAttaching candidate: URL) {
        var draft = self.draft
        draft.attachments.append(candidate)
        roomSending?.prepare(draft, conversationID: conversationID)
    }

    /// Lets `roomSending` start preparing what the draft will send.
    private func prepareRoomSend() {
        roomSending?.prepare(draft, conversationID: conversationID)
    }

    /// Reads the draft again (another screen may have added an attachment): the newest one waiting to
    /// be written, else the saved one.
    public func reload() {
        do {
            let saved = try writer.pendingDraft(for: conversationID) ?? store.draft(for: conversationID)
            if saved.text != editor.text { editor = TextEditor(text: saved.text) }
            attachments = saved.attachments
            if saved.original != original { original = saved.original }
            sendKey = saved.sendKey ?? sendKey
            problem = nil
        } catch {
            problem = "\(error)"
        }
    }

    /// Applies a text-editing key; returns whether it was one.
    public func edit(_ key: Key) -> Bool {
        let before = editor.text
        guard editor.apply(key) else { return false }
        if editor.text != before { save() }
        return true
    }

    /// Adds an attachment.
    public func attach(_ url: URL) {
        attachments.append(url)
        save()
    }

    /// Removes the attachment at `index` (the last one by default).
    public func removeAttachment(at index: Int? = nil) {
        guard !attachments.isEmpty else { return }
        attachments.remove(at: index.map { max(0, min($0, attachments.count - 1)) } ?? attachments.count - 1)
        save()
    }

    /// Sends the draft: the message is stored once and the draft cleared. Returns the message when it is
    /// stored at once; `nil` when there was nothing to send, or when the database is locked — then the
    /// message is pending (`pendingSends`), sent as soon as the database lets it, and the draft is clear.
    /// In a remote room the draft is queued through `roomSending`, which stores its local echo (then `nil` is
    /// returned: the conversation reads the echo from the store); when that fails the draft stays, `problem` says
    /// why, and nothing is stored.
    @discardableResult
    public func send() -> Message? {
        guard !draft.isEmpty else { return nil }
        if let roomSending {
            do {
                let queued = try roomSending.queue(draft, conversationID: conversationID)
                problem = nil
                if queued {
                    clear()
                    save()  // the store dropped the saved draft; a save still waiting must not bring it back
                    return nil
                }
            } catch {
                problem = "not sent, the draft is kept: \(error)"
                return nil
            }
        }
        let message = writer.send(draft, in: conversationID)
        clear()
        return message
    }

    private func clear() {
        editor.clear()
        attachments = []
        sendKey = nil
        original = false
    }

    /// The messages sent in this conversation that are not stored yet, oldest first.
    public var pendingSends: [Draft] {
        writer.pending.filter { $0.conversationID == conversationID && $0.kind == .send }.map(\.draft)
    }

    /// What waits to be written in this conversation and why (the database is locked by another
    /// process, or failing), for the status line; `nil` when everything is written.
    public var saveStatus: String? {
        guard case .waiting(let reason) = writer.status else { return nil }
        let waiting = writer.pending.filter { $0.conversationID == conversationID }
        guard !waiting.isEmpty else { return nil }
        let sends = waiting.filter { $0.kind == .send }.count
        let what = sends > 0 ? (sends == 1 ? "1 message not sent yet" : "\(sends) messages not sent yet") : "draft not saved yet"
        return "\(what): \(Self.describe(reason)) — kept, retrying"
    }

    /// Why a write waits, short enough for a status line.
    static func describe(_ reason: MessageStoreError) -> String {
        if case .locked = reason { return "the message database is locked by another process" }
        return "\(reason)"
    }

    private func save() {
        writer.saveDraft(draft, for: conversationID)
    }
}
