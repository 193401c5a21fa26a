// ConversationsScreen: every conversation with its latest message and a thumbnail of its latest picture.
import Foundation
import MessageStore
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// The list of conversations, most recently active first. Enter opens one.
@MainActor
public final class ConversationsScreen: Screen {
    public let title = "Messages"
    public var onChange: (() -> Void)?
    /// The selected row.
    public var selected: Int { selection.index }
    private var selection = ListSelection()
    /// The conversations shown, with their latest message.
    public private(set) var summaries: [ConversationSummary] = []
    /// The list model (after the first layout).
    public private(set) var list: ListView?
    /// The last storage failure, shown instead of the list.
    public private(set) var problem: String?

    private let store: MessageStore
    private let loader: SchemeLoader
    private let box: ThumbnailBox
    private var pictures: [Int64: URL] = [:]
    private weak var connection: (any MessageConnection)?

    /// Creates the screen over `store`; `box` is the thumbnail size; `connection` answers invites.
    public init(store: MessageStore, loader: SchemeLoader, box: ThumbnailBox, connection: (any MessageConnection)? = nil) {
        self.store = store
        self.loader = loader
        self.box = box
        self.connection = connection
    }

    private var rowHeight: Int { box.rows + 1 }

    public func layout(in area: CellRect) {
        reloadSummaries()
        let visible = max(1, area.rows / rowHeight)
        if let list {
            list.update(rowCount: summaries.count, visibleCount: visible)
        } else {
            let list = ListView(loader: loader, rowCount: summaries.count, visibleCount: visible) { [weak self] row in
                guard let self, summaries.indices.contains(row), let picture = pictures[summaries[row].id] else { return nil }
                return ThumbnailURL(source: ThumbnailSource.boxSized(picture, for: box), box: box).url
            }
            list.onCellChange = { [weak self] _, _ in self?.onChange?() }
            self.list = list
        }
        select(selected)
    }

    public func draw(on canvas: any TextCanvas, area: CellRect, options: DrawOptions) -> [PlacedPicture] {
        if let problem {
            canvas.put("✗ \(problem)", row: area.row + 1, column: area.column + 2, style: .bold)
            return []
        }
        guard let list else { return [] }
        if summaries.isEmpty {
            canvas.put("No conversations yet.", row: area.row + 1, column: area.column + 2, style: .dim)
        }
        var placed: [PlacedPicture] = []
        let textColumn = area.column + box.columns + 2
        let width = area.columns - textColumn
        for row in list.visibleRange {
            let top = area.row + (row - list.top) * rowHeight
            let summary = summaries[row]
            let cell = list.cell(forRow: row)
            let rect = CellRect(row: top, column: area.column, rows: box.rows, columns: box.columns)
            if let picture = cell?.draw(in: rect, on: canvas) { placed.append(picture) }
            let marker = row == selected ? "▶ " : "  "
            let unread = summary.matrixRoom.map { $0.unreadCount > 0 ? " (\($0.unreadCount))" : "" } ?? ""
            canvas.put(marker + SafeText.visible(summary.conversation.title) + unread, row: top, column: textColumn - 2,
                       width: width + 2, style: row == selected ? [.bold, .reverse] : .bold)
            if let room = summary.matrixRoom, room.membership == .invite {
                let inviter = room.inviter.map { "invited by \(SafeText.visible($0))" } ?? "an invitation"
                canvas.put(inviter + " — a accept, d decline", row: top + 1, column: textColumn, width: width, style: [])
            } else if let last = summary.lastMessage {
                let who = last.state == .sent ? "You: " : ""
                let lines = SafeText.wrapped(who + last.text, width: width, maxLines: max(1, box.rows - 2))
                for (index, line) in lines.enumerated() {
                    canvas.put(line, row: top + 1 + index, column: textColumn, width: width, style: [])
                }
                canvas.put(ConversationRow.time(last.sentAt) + (summary.hasDraft ? " · ✎ draft" : ""),
                           row: top + box.rows - 1, column: textColumn, width: width, style: .dim)
            } else if summary.hasDraft {
                canvas.put("✎ draft", row: top + box.rows - 1, column: textColumn, width: width, style: .dim)
            }
            if let badge = cell?.badge(showingSource: options.showsBadges) {
                canvas.put("[\(badge)]", row: top + box.rows - 1, column: area.columns - 4, style: .reverse)
            }
        }
        return placed
    }

    public func handle(_ key: Key) -> ScreenAction {
        if let list, selection.handle(key, count: summaries.count, in: list) { return .none }
        if let connection, key == .character("a") || key == .character("d"), summaries.indices.contains(selected),
           summaries[selected].matrixRoom?.membership == .invite {
            connection.answerInvite(conversationID: summaries[selected].id, accept: key == .character("a"))
            return .none
        }
        guard key == .enter else { return .unhandled }
        guard summaries.indices.contains(selected) else { return .none }
        return .push(.conversation(id: summaries[selected].id))
    }

    /// The conversations' keys.
    public var keyHelp: [KeyHelp] {
        var keys = [KeyHelp("Enter", "open the conversation (write, attach photos and maps)")]
        if connection != nil {
            keys += [KeyHelp("a", "accept the selected invitation"), KeyHelp("d", "decline the selected invitation")]
        }
        return keys
    }

    /// A sync stored news: the list is read again.
    public func messagesChanged() {
        reloadSummaries()
        list?.update(rowCount: summaries.count, visibleCount: list?.visibleCount ?? 1)
        select(selected)
        list?.reloadVisible()
    }

    public func tick() { list?.tick() }

    public func reload() { list?.reloadVisible() }

    public var placeholderCount: (placeholders: Int, cells: Int) { list?.placeholderCount ?? (0, 0) }

    /// Moves the selection, scrolling to keep it visible.
    public func select(_ row: Int) {
        selection.select(row, count: summaries.count, in: list)
    }

    private func reloadSummaries() {
        do {
            summaries = try store.conversations()
            let newest = try store.newestPictures()
            pictures = Dictionary(uniqueKeysWithValues: summaries.compactMap { summary in
                (summary.matrixRoom?.avatarURL ?? newest[summary.id]).map { (summary.id, $0) }
            })
            problem = nil
        } catch {
            problem = "\(error)"
        }
    }
}
