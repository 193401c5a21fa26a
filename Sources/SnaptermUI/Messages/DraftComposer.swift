// DraftComposer: a conversation's draft while it is written — every change saved, sent exactly once.
import Foundation
import MessageStore

/// The draft of one conversation: its text (being edited) and attachment URLs. Every change is
/// saved to the store at once, so nothing typed is lost if the process dies; sending stores the
/// message and clears the draft in one transaction.
@MainActor
public final class DraftComposer {
    /// The conversation.
    public let conversationID: Int64
    /// The text being edited.
    public private(set) var editor = TextEditor()
    /// The attachments, in order.
    public private(set) var attachments: [URL] = []
    /// The last storage failure, shown to the user (the draft stays in memory meanwhile).
    public private(set) var problem: String?

    private let store: MessageStore
    /// The draft's send-once key, from the store: a retried send finds the message it stored.
    private var sendKey: UUID?

    /// Opens the saved draft of `conversationID`.
    public init(conversationID: Int64, store: MessageStore) {
        self.conversationID = conversationID
        self.store = store
        reload()
    }

    /// The draft as it stands.
    public var draft: Draft { Draft(text: editor.text, attachments: attachments, sendKey: sendKey) }

    /// Reads the saved draft again (another screen may have added an attachment).
    public func reload() {
        do {
            let saved = try store.draft(for: conversationID)
            if saved.text != editor.text { editor = TextEditor(text: saved.text) }
            attachments = saved.attachments
            sendKey = saved.sendKey
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

    /// Sends the draft: stores the message once and clears the draft. Returns the message, or
    /// `nil` when there was nothing to send or the store failed (then the draft is kept).
    @discardableResult
    public func send() -> Message? {
        guard !draft.isEmpty else { return nil }
        do {
            let message = try store.send(draft, in: conversationID)
            editor.clear()
            attachments = []
            sendKey = nil
            problem = nil
            return message
        } catch {
            problem = "\(error)"
            return nil
        }
    }

    private func save() {
        do {
            sendKey = try store.saveDraft(draft, for: conversationID)
            problem = nil
        } catch {
            problem = "\(error)"
        }
    }
}
