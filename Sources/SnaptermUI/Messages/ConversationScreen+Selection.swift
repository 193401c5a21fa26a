// ConversationScreen+Selection: one message selected, as in a chat client's message cursor. Nothing is selected when a
// conversation opens; ↑ selects the newest message on screen, then ↑ ↓ move one message (the list scrolls as little as
// keeps it on screen) and ↓ past the newest unselects and returns to the bottom. Paging keeps a selection that scrolled
// away on the nearest message on screen; Esc unselects. Enter on a selected file saves it. Selection is by message, so
// it stays on its message when older messages are added above or news below.
import Foundation
import MessageStore

extension ConversationScreen {
    /// The selected message, if it is still in the conversation.
    public var selectedMessage: Message? {
        guard let id = selectedMessageID else { return nil }
        return rows.first { $0.message.id == id }?.message
    }

    /// Moves the selection one message older (`step` -1) or newer (+1); without a selection ↑ selects the newest message
    /// on screen and ↓ scrolls a row, as before selecting.
    func moveSelection(by step: Int) {
        guard let list else { return }
        let ids = selectableMessageIDs
        guard let current = selectedMessageID, let index = ids.firstIndex(of: current) else {
            if step < 0, let newest = list.visibleRange.reversed().first(where: { rows[$0].message.id != 0 }) {
                selectedMessageID = rows[newest].message.id
            } else {
                list.scroll(by: step)
            }
            return
        }
        let target = index + step
        if target >= ids.count {
            selectedMessageID = nil
            scrollToBottom()
        } else if target < 0 {
            list.scroll(toTop: 0)  // the oldest stored: its top shows, and older messages are asked for
        } else {
            selectedMessageID = ids[target]
            reveal(ids[target])
        }
    }

    /// After a page, Home or End: a selection no longer on screen moves to the nearest message that is.
    func keepSelectionOnScreen() {
        guard let id = selectedMessageID, let list, let range = rowRange(of: id) else { return }
        let visible = list.visibleRange
        guard !visible.isEmpty, !range.overlaps(visible) else { return }
        let inward: [Int] = range.upperBound <= visible.lowerBound ? Array(visible) : visible.reversed()
        selectedMessageID = inward.lazy.map { self.rows[$0].message.id }.first { $0 != 0 }
    }

    /// Scrolls as little as shows the rows of message `id` (its first row when they are more than a screen).
    func reveal(_ id: Int64) {
        guard let list, let range = rowRange(of: id) else { return }
        if range.lowerBound < list.top {
            list.scroll(toTop: range.lowerBound)
        } else if range.upperBound > list.top + list.visibleCount {
            list.scroll(toTop: min(range.lowerBound, range.upperBound - list.visibleCount))
        }
    }

    /// Enter on a selected message: a file is saved; anything else says what Enter does.
    func openSelection() {
        guard let message = selectedMessage else { return }
        if Self.isSavableFile(message) {
            save(message, key: "Enter")
        } else {
            notice = "Enter saves a selected file — this message has none (i write · Esc unselect)"
        }
    }

    /// Whether the selected message is on a row: drawn with a mark.
    func isSelected(_ row: ConversationRow) -> Bool {
        row.message.id != 0 && row.message.id == selectedMessageID
    }

    /// Forgets a selection whose message is gone (or was a pending send that is now stored under an id of its own).
    func dropVanishedSelection() {
        if let id = selectedMessageID, rowRange(of: id) == nil { selectedMessageID = nil }
    }

    /// The stored messages in order (pending sends, not stored yet, cannot be selected).
    private var selectableMessageIDs: [Int64] {
        var ids: [Int64] = []
        for row in rows where row.message.id != 0 && ids.last != row.message.id { ids.append(row.message.id) }
        return ids
    }

    /// The list rows of message `id` (one per attachment).
    private func rowRange(of id: Int64) -> Range<Int>? {
        guard let first = rows.firstIndex(where: { $0.message.id == id }),
              let last = rows.lastIndex(where: { $0.message.id == id }) else { return nil }
        return first..<(last + 1)
    }
}
