// ConversationScreen+OlderMessages: scrolled to the top of the stored messages, the screen asks its connection for
// older ones and shows "loading older messages…" above the oldest until they arrive (then the rows on screen stay
// where they were: ConversationScreen keeps its top row when rows are added above it).
import Foundation
import TerminalGraphics

extension ConversationScreen {
    /// At the top of the list, asks the connection for older messages when there may be some; a failed request is
    /// retried only when a key moved the list (`byKey`), never by itself.
    func askForOlderMessagesAtTop(byKey: Bool) {
        guard let connection, let list, list.top == 0 else { return }
        switch connection.olderMessages(of: conversationID) {
        case .available: connection.loadOlderMessages(of: conversationID)
        case .failed where byKey: connection.loadOlderMessages(of: conversationID)
        case .failed, .loading, .complete, .unavailable: break
        }
    }

    /// The paging line above the oldest message while it is on screen, on the row above it (or on its day separator's
    /// row when the list fills the screen).
    func drawOlderMessagesLine(on canvas: any TextCanvas) {
        guard let connection, let list, list.top == 0, let line = connection.olderMessages(of: conversationID).line,
              let first = screenRow(ofRow: 0) else { return }
        canvas.put(SafeText.visible(line), row: max(area.row, first - 1), column: area.column, width: area.columns, style: .dim)
    }
}
