// ConversationScreen: a conversation laid out as a chat — the newest message at the bottom, next to
// the draft composer; day separators, sender and time on each message; failed draft attachments named.
import Foundation
import MessageStore
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// Messages oldest first, the newest at the bottom right above the composer (the list is bottom
/// aligned and opens scrolled to the newest; scrolling up shows older ones). Each message names its
/// sender and time; a separator names the day where the date changes; each attachment is an image
/// cell (a progress bar while it loads) with a caption naming it. Below: the draft — its attachments
/// as thumbnails (a failed one says why) and its text. Two modes: browsing (↑ ↓ select a message, marked `▌`,
/// Enter on a selected file saves it, `s` saves the selected or newest file, `a` photo, `l` location,
/// `x` remove a failed attachment or else the last, `R` retry failed attachments and sends, `i`/Enter write,
/// Esc unselect, else back) and writing (keys type, Enter sends — refused while an attachment has failed — Esc stops).
@MainActor
public final class ConversationScreen: Screen {
    public var title: String { conversationTitle }
    public var onChange: (() -> Void)?
    /// The draft being written.
    public let composer: DraftComposer
    /// Whether keys go into the draft's text.
    public private(set) var isWriting = false
    /// The list model (after the first layout).
    public private(set) var list: ListView?

    /// The account that syncs this conversation, asked for older messages at the top (nil: the store is all there is).
    public weak var connection: (any MessageConnection)?

    /// A one-line message about the last key (a refused send, a removed attachment), until the next key.
    public internal(set) var notice: String?
    /// Where `s` saves files (nil: no download folder known), and the loader of their bytes (nil: files cannot be saved).
    public var downloadFolder: URL?, fileLoader: SchemeLoader?
    /// The file message whose save found its name taken: the same key again replaces it.
    var pendingReplacement: Int64?
    /// The selected message (nil: none, the list follows the newest).
    public internal(set) var selectedMessageID: Int64?

    let conversationTitle: String
    /// The conversation shown.
    public var conversationID: Int64 { composer.conversationID }
    /// The stored Matrix messages by event id: what a reply quotes.
    private var messagesByEvent: [String: Message] = [:]
    private let store: MessageStore
    private let loader: SchemeLoader
    let box: ThumbnailBox
    private let calendar: Calendar
    var rows: [ConversationRow] = []
    /// One cell per draft attachment (those that do not fit on screen load too, so a failure is known).
    var draftCells: [ImageCell] = []
    private let sketcher: AttachmentSketcher?
    var area = CellRect(row: 0, column: 0, rows: 1, columns: 1)

    /// Opens conversation `id`; `box` is the thumbnail size of messages and draft attachments alike,
    /// so a sent attachment shows at once from the memory cache. `calendar` decides days and times.
    /// The draft and sends go through `writer` (the app's), else through one of the composer's own. With
    /// `pictureLoader` (the loader of the pictures and their thumbnails, usually `loader` itself), each attached picture
    /// gets its colour sketch, a load of that loader (`ThumbnailURL.sketch(of:box:)`).
    public init(id: Int64, title: String, store: MessageStore, loader: SchemeLoader, box: ThumbnailBox,
                calendar: Calendar = .current, writer: MessageWriter? = nil, pictureLoader: SchemeLoader? = nil) {
        conversationTitle = title
        self.store = store
        self.loader = loader
        self.box = box
        self.calendar = calendar
        sketcher = pictureLoader.map { AttachmentSketcher(loader: $0, store: store, box: box) }
        composer = DraftComposer(conversationID: id, store: store, writer: writer)
        // A pending send that lands (or waits) changes the list and the status line.
        composer.onWritesChange = { [weak self] in
            self?.relayout()
            self?.onChange?()
        }
    }

    /// The thumbnail URL of a picture: for a photo, encoded from a render at the box's size, not from
    /// the attachment's full-size render (`ThumbnailSource.boxSized`). Messages and draft attachments
    /// use the same URL, so a sent attachment is still the draft's cached picture.
    public func thumbnailURL(_ picture: URL) -> URL { Self.thumbnailURL(picture, box: box) }

    /// The thumbnail URL a conversation of attachment box `box` shows `picture` by.
    public nonisolated static func thumbnailURL(_ picture: URL, box: ThumbnailBox) -> URL {
        ThumbnailURL(source: ThumbnailSource.boxSized(picture, for: box), box: box).url
    }

    /// The preview of a picture while its sixel thumbnail loads: text art of the box-sized render the
    /// sixel is made from (one decode serves both), else of a low-resolution render of the
    /// same photo (`asset://` at 160 px: a fraction of the decoding), or of the same source for other
    /// schemes. (Text art of the 1280-px render itself was measured worse: nearly every visible row stayed
    /// blank during a cold scroll, because that render is the costly part.) `nil` when thumbnails are text art.
    public func previewURL(_ picture: URL) -> URL? {
        let policy = StandInPolicy(box: box)
        guard policy.previewBox != nil else { return nil }
        var source = ThumbnailSource.boxSized(picture, for: box)
        if source == picture, var asset = try? AssetURL(url: picture) {
            let small = 160
            if let width = asset.width, width > small {
                asset.height = asset.height.map { max(1, $0 * small / width) }
                asset.width = small
            } else if asset.width == nil {
                asset.width = small
                asset.height = nil
            }
            source = asset.url
        }
        return policy.previewURL(of: source)
    }

    /// A row: one line for the day separator (or blank), then the picture's rows.
    private var rowHeight: Int { box.rows + 1 }
    /// The rule, the draft's attachments and their captions (when any), the input line and the hint line.
    var composerHeight: Int { (composer.attachments.isEmpty ? 0 : box.rows + 1) + 3 }
    private var listHeight: Int { max(0, area.rows - composerHeight) }

    /// The screen row where list row `row` (visible) starts: the list is bottom aligned, so the newest
    /// row sits right above the composer even when the rows do not fill the screen.
    public func screenRow(ofRow row: Int) -> Int? {
        guard let list, list.visibleRange.contains(row) else { return nil }
        let used = list.visibleRange.count * rowHeight
        return area.row + max(0, listHeight - used) + (row - list.top) * rowHeight
    }

    /// The first screen row of the composer (its rule).
    public var composerRow: Int { area.row + area.rows - composerHeight }

    /// Draft attachments whose picture is still loading.
    public var loadingDraftAttachments: Int { draftCells.filter { $0.content.isPlaceholder }.count }

    /// Draft attachments whose picture failed to load, with the reason (index into the draft's attachments).
    public var failedAttachments: [(index: Int, reason: String)] {
        draftCells.enumerated().compactMap { index, cell in
            if case .failed(let reason) = cell.content { return (index, reason) }
            return nil
        }
    }

    public func layout(in area: CellRect) {
        self.area = area
        composer.reload()
        reloadMessages()
        syncDraftCells()
    }

    public func draw(on canvas: any TextCanvas, area: CellRect, options: DrawOptions) -> [PlacedPicture] {
        var pictures: [PlacedPicture] = []
        if let list {
            for row in list.visibleRange {
                guard let top = screenRow(ofRow: row), top + rowHeight <= composerRow else { continue }
                pictures += drawRow(rows[row], cell: list.cell(forRow: row), top: top, on: canvas, options: options)
            }
        }
        drawOlderMessagesLine(on: canvas)
        pictures += drawComposer(on: canvas, top: composerRow, phase: options.phase)
        // On a screen narrower or shorter than a thumbnail, a picture that does not fit is left out (it
        // would land on the header, the status line or off the screen)
        return pictures.filter { picture in
            let rect = picture.rect
            return rect.row >= area.row && rect.row + rect.rows <= area.row + area.rows
                && rect.column >= area.column && rect.column + rect.columns <= area.column + area.columns
        }
    }

    public func handle(_ key: Key) -> ScreenAction {
        notice = nil
        let savesAgain = key == .character("s") || (key == .enter && selectedMessageID != nil)
        if isWriting || !savesAgain { pendingReplacement = nil }
        if isWriting { return handleWriting(key) }
        switch key {
        case .down, .character("j"): moveSelection(by: 1)
        case .up, .character("k"): moveSelection(by: -1)
        case .pageDown, .character(" "): list?.scroll(by: list?.visibleCount ?? 1)
        case .pageUp: list?.scroll(by: -(list?.visibleCount ?? 1))
        case .home, .character("g"): list?.scroll(toTop: 0)
        case .end, .character("G"): scrollToBottom()
        case .enter where selectedMessageID != nil: openSelection()
        case .enter, .character("i"):
            selectedMessageID = nil
            isWriting = true
        case .character("a"): return .push(.photoPicker(conversation: composer.conversationID))
        case .character("l"): return .push(.locationPicker(conversation: composer.conversationID))
        case .character("x"): removeAttachment()
        case .character("o"): composer.toggleOriginal()
        case .character("R"): retryFailedAttachments()
        case .character("s"): saveSelectedOrNewestFile()
        case .escape where selectedMessageID != nil: selectedMessageID = nil
        case .escape: return .pop
        default: return .unhandled
        }
        keepSelectionOnScreen()
        askForOlderMessagesAtTop(byKey: true)
        return .none
    }

    /// The composer's keys, or the conversation's.
    public var keyHelp: [KeyHelp] {
        if isWriting {
            return [KeyHelp("Enter", "send the draft"), KeyHelp("← → Home End", "move in the text"),
                    KeyHelp("Backspace Delete", "delete"), KeyHelp("Esc", "stop writing (the draft is kept)")]
        }
        return [KeyHelp("↑ ↓  j k", "select a message (↑ first: the newest on screen; ↓ past the newest: none)"),
                KeyHelp("PgUp PgDn g G", "scroll (a selection stays on screen)"),
                KeyHelp("Enter", "on a selected file: save it to your downloads; with none selected: write"),
                KeyHelp("i", "write (the draft is kept per conversation)"), KeyHelp("a", "attach a photo (then edit it)"),
                KeyHelp("l", "attach a location (a map)"), KeyHelp("x", "remove an attachment (a failed one first)"),
                KeyHelp("o", "send the photos at their original size, or fitted into 2048 px again"),
                KeyHelp(DeliveryMark.retryKey, "retry what failed: draft attachments, messages not sent"),
                KeyHelp("s", "save the selected file, else the newest file on screen, to your downloads"),
                KeyHelp("Esc", "unselect; with none selected: back to the conversations")]
    }

    public func tick() { list?.tick() }

    public func reload() {
        list?.reloadVisible()
        draftCells.forEach { $0.reload() }
    }

    public var placeholderCount: (placeholders: Int, cells: Int) {
        let listCount: (placeholders: Int, cells: Int) = list?.placeholderCount ?? (0, 0)
        let draft = draftCells.filter { $0.url != nil }
        return (listCount.placeholders + draft.filter { $0.content.isPlaceholder }.count, listCount.cells + draft.count)
    }

    private func handleWriting(_ key: Key) -> ScreenAction {
        switch key {
        case .enter:
            if let failed = failedAttachments.first {
                let count = failedAttachments.count
                notice = "✗ not sent: attachment \(failed.index + 1)\(count > 1 ? " and \(count - 1) more" : "") failed "
                    + "(\(failed.reason)) — Esc, then x remove or R retry"
            } else if !composer.draft.isEmpty {
                composer.send()  // stored now, or pending (shown as "sending…") while the database is locked
                relayout()
                scrollToBottom()
            }
        case .escape: isWriting = false
        default:
            return composer.edit(key) ? .none : .unhandled
        }
        return .none
    }

    /// Removes the first failed attachment, else the last one.
    private func removeAttachment() {
        guard !composer.attachments.isEmpty else { return }
        if let failed = failedAttachments.first {
            composer.removeAttachment(at: failed.index)
            notice = "removed attachment \(failed.index + 1) (it had failed)"
        } else {
            composer.removeAttachment()
        }
        relayout()
    }

    /// Loads every failed attachment again, and sends again the messages whose send failed.
    private func retryFailedAttachments() {
        let failed = failedAttachments
        for (index, _) in failed { draftCells[index].reload() }
        let resent: Int
        do { resent = try retryFailedSends() } catch {
            notice = "✗ could not retry the messages not sent: \(error)"
            return
        }
        var done: [String] = []
        if !failed.isEmpty { done.append("\(failed.count) attachment\(failed.count == 1 ? "" : "s")") }
        if resent > 0 { done.append("\(resent) message\(resent == 1 ? "" : "s")") }
        notice = done.isEmpty ? "nothing failed to retry" : "retrying " + done.joined(separator: " and ")
    }

    private func relayout() {
        reloadMessages()
        syncDraftCells()
    }

    /// A sync stored news: the messages are read again (the draft is left as typed).
    public func messagesChanged() {
        reloadMessages()
        list?.reloadVisible()
    }

    private func reloadMessages() {
        let messages = (try? store.messages(in: composer.conversationID)) ?? []
        messagesByEvent = Dictionary(messages.compactMap { message in message.matrix.map { ($0.eventID, message) } },
                                     uniquingKeysWith: { first, _ in first })
        let pending = composer.pendingSends.map { draft in
            Message(id: 0, conversationID: composer.conversationID, text: draft.text, sentAt: Date(), state: .sent,
                    attachments: draft.attachments)
        }
        let wasAtBottom = list.map { $0.visibleRange.upperBound >= $0.rowCount } ?? true
        // The top row on screen, by its message and its place in it: rows added above (older messages) keep it in place.
        let anchor: (id: Int64, offset: Int)? = list.flatMap { [rows] list in
            guard rows.indices.contains(list.top) else { return nil }
            let id = rows[list.top].message.id
            return (id, list.top - (rows.firstIndex { $0.message.id == id } ?? list.top))
        }
        rows = ConversationRow.rows(for: messages, pending: pending, calendar: calendar)
        dropVanishedSelection()
        let visible = max(1, listHeight / rowHeight)
        if let list {
            list.update(rowCount: rows.count, visibleCount: visible)
        } else {
            let list = ListView(loader: loader, rowCount: rows.count, visibleCount: visible, preview: { [weak self] row in
                guard let self, rows.indices.contains(row), let picture = rows[row].attachment else { return nil }
                return previewURL(picture)
            }, standIn: { [weak self] row in
                guard let self, rows.indices.contains(row), let picture = rows[row].attachment else { return nil }
                return StandInPolicy(box: box).standIn(sketch: rows[row].message.sketches[picture],
                                                       blurHash: MessageDisplay.blurHashSketch(of: rows[row].message))
            }) { [weak self] row in
                guard let self, rows.indices.contains(row), let picture = rows[row].attachment else { return nil }
                return thumbnailURL(picture)
            }
            list.onCellChange = { [weak self] _, _ in self?.onChange?() }
            self.list = list
        }
        if wasAtBottom {
            scrollToBottom()  // news below, unless it would push the selected message off the screen
            if let selected = selectedMessageID { reveal(selected) }
        } else if let anchor, anchor.id != 0, let first = rows.firstIndex(where: { $0.message.id == anchor.id }) {
            list?.scroll(toTop: first + anchor.offset)
        }
        askForOlderMessagesAtTop(byKey: false)
    }

    func scrollToBottom() {
        guard let list else { return }
        list.scroll(toTop: max(0, list.rowCount - list.visibleCount))
    }

    private func syncDraftCells() {
        let urls = composer.attachments.map(thumbnailURL)
        while draftCells.count > urls.count { draftCells.removeLast().prepareForReuse() }
        while draftCells.count < urls.count {
            let cell = ImageCell(loader: loader)
            cell.onChange = { [weak self] _ in self?.onChange?() }
            draftCells.append(cell)
        }
        for (cell, url) in zip(draftCells, urls) { cell.show(url) }
        sketcher?.sketch(composer.attachments)
    }

    private func drawRow(_ row: ConversationRow, cell: ImageCell?, top: Int, on canvas: any TextCanvas,
                         options: DrawOptions) -> [PlacedPicture] {
        if row.startsDay { drawDaySeparator(for: row.message.sentAt, row: top, on: canvas) }
        let content = top + 1
        let textColumn = area.column + box.columns + 2
        let width = area.columns - textColumn
        var pictures: [PlacedPicture] = []
        if let attachment = row.attachment {
            let rect = CellRect(row: content, column: area.column, rows: box.rows, columns: box.columns)
            if let picture = cell?.draw(in: rect, on: canvas, phase: options.phase) { pictures.append(picture) }
            var column = textColumn
            if let badge = cell?.badge(showingSource: options.showsBadges) {
                canvas.put("[\(badge)]", row: content + box.rows - 1, column: column, style: .reverse)
                column += 4
            }
            canvas.put(AttachmentCaption.of(attachment), row: content + box.rows - 1, column: column,
                       width: max(0, area.column + area.columns - column), style: .dim)
        }
        let selected = isSelected(row)
        if selected {
            for line in content..<(content + box.rows) { canvas.put("▌", row: line, column: textColumn - 1, style: .bold) }
        }
        guard row.isFirstOfMessage else { return pictures }
        let style: TextStyle = row.message.state == .sent ? [.bold, .underline] : .bold
        canvas.put(row.byline(otherParty: MessageDisplay.author(row.message, otherParty: conversationTitle), calendar: calendar),
                   row: content, column: textColumn, width: width, style: selected ? style.union(.reverse) : style)
        let textLines = box.rows - 1 - (row.attachment == nil ? 0 : 1)
        let text = MessageDisplay.text(row.message) { [messagesByEvent] in messagesByEvent[$0] }
        for (index, line) in SafeText.wrapped(text, width: width, maxLines: textLines).enumerated() {
            canvas.put(line, row: content + 1 + index, column: textColumn, width: width, style: [])
        }
        return pictures
    }

    /// `──── Mon 23 Nov 2026 ────`, centred across the screen.
    private func drawDaySeparator(for date: Date, row: Int, on canvas: any TextCanvas) {
        let label = " \(ConversationRow.day(date, calendar: calendar)) "
        let side = max(0, (area.columns - SafeText.width(of: label)) / 2)
        let line = String(repeating: "─", count: side) + label + String(repeating: "─", count: side)
        canvas.put(line, row: row, column: area.column, width: area.columns, style: .dim)
    }
}
