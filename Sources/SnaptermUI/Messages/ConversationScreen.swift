// ConversationScreen: a conversation's messages with their attachments, and the draft composer below.
import Foundation
import MessageStore
import SchemeLoader
import Thumbnails

/// Messages oldest first (newest at the bottom), each attachment an image cell; below them the
/// draft: its attachments as thumbnails and its text. Two modes: browsing (`a` photo, `l`
/// location, `x` remove, `i`/Enter write, Esc back) and writing (keys type, Enter sends, Esc stops).
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

    private let conversationTitle: String
    private let store: MessageStore
    private let loader: SchemeLoader
    private let box: ThumbnailBox
    private var rows: [ConversationRow] = []
    private var draftCells: [ImageCell] = []
    private var area = CellRect(row: 0, column: 0, rows: 1, columns: 1)

    /// Opens conversation `id`; `box` is the thumbnail size of messages and draft attachments alike,
    /// so a sent attachment shows at once from the memory cache.
    public init(id: Int64, title: String, store: MessageStore, loader: SchemeLoader, box: ThumbnailBox) {
        conversationTitle = title
        self.store = store
        self.loader = loader
        self.box = box
        composer = DraftComposer(conversationID: id, store: store)
    }

    /// The thumbnail URL of a picture: for a photo, encoded from a render at the box's size, not from
    /// the attachment's full-size render (`ThumbnailSource.boxSized`). Messages and draft attachments
    /// use the same URL, so a sent attachment is still the draft's cached picture.
    public func thumbnailURL(_ picture: URL) -> URL {
        ThumbnailURL(source: ThumbnailSource.boxSized(picture, for: box), box: box).url
    }

    /// The preview of a picture while its sixel thumbnail loads: text art of the box-sized render the
    /// sixel is made from (one decode serves both), else of a low-resolution render of the
    /// same photo (`asset://` at 160 px: a fraction of the decoding), or of the same source for other
    /// schemes. (Text art of the 1280-px render itself was measured worse: nearly every visible row stayed
    /// blank during a cold scroll, because that render is the costly part.) `nil` when thumbnails are text art.
    public func previewURL(_ picture: URL) -> URL? {
        guard box.mode == .sixel else { return nil }
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
        let preview = ThumbnailBox(columns: box.columns, rows: box.rows, cellWidth: box.cellWidth, cellHeight: box.cellHeight,
                                   mode: .symbols, colors: .truecolor)
        return ThumbnailURL(source: source, box: preview).url
    }

    private var rowHeight: Int { box.rows + 1 }
    private var composerHeight: Int { (composer.attachments.isEmpty ? 0 : box.rows + 1) + 3 }

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
                let top = area.row + (row - list.top) * rowHeight
                pictures += drawRow(rows[row], cell: list.cell(forRow: row), top: top, on: canvas, options: options)
            }
        }
        pictures += drawComposer(on: canvas, top: area.row + area.rows - composerHeight)
        return pictures
    }

    public func handle(_ key: Key) -> ScreenAction {
        if isWriting { return handleWriting(key) }
        switch key {
        case .down, .character("j"): list?.scroll(by: 1)
        case .up, .character("k"): list?.scroll(by: -1)
        case .pageDown, .character(" "): list?.scroll(by: list?.visibleCount ?? 1)
        case .pageUp: list?.scroll(by: -(list?.visibleCount ?? 1))
        case .home, .character("g"): list?.scroll(toTop: 0)
        case .end, .character("G"): scrollToBottom()
        case .enter, .character("i"): isWriting = true
        case .character("a"): return .push(.photoPicker(conversation: composer.conversationID))
        case .character("l"): return .push(.locationPicker(conversation: composer.conversationID))
        case .character("x"):
            composer.removeAttachment()
            relayout()
        case .escape: return .pop
        default: return .unhandled
        }
        return .none
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
            if composer.send() != nil {
                relayout()
                scrollToBottom()
            }
        case .escape: isWriting = false
        default:
            return composer.edit(key) ? .none : .unhandled
        }
        return .none
    }

    private func relayout() {
        reloadMessages()
        syncDraftCells()
    }

    private func reloadMessages() {
        let messages = (try? store.messages(in: composer.conversationID)) ?? []
        let wasAtBottom = list.map { $0.visibleRange.upperBound >= $0.rowCount } ?? true
        rows = ConversationRow.rows(for: messages)
        let visible = max(1, (area.rows - composerHeight) / rowHeight)
        if let list {
            list.update(rowCount: rows.count, visibleCount: visible)
        } else {
            let list = ListView(loader: loader, rowCount: rows.count, visibleCount: visible, preview: { [weak self] row in
                guard let self, rows.indices.contains(row), let picture = rows[row].attachment else { return nil }
                return previewURL(picture)
            }) { [weak self] row in
                guard let self, rows.indices.contains(row), let picture = rows[row].attachment else { return nil }
                return thumbnailURL(picture)
            }
            list.onCellChange = { [weak self] _, _ in self?.onChange?() }
            self.list = list
        }
        if wasAtBottom { scrollToBottom() }
    }

    private func scrollToBottom() {
        guard let list else { return }
        list.scroll(toTop: max(0, list.rowCount - list.visibleCount))
    }

    private func syncDraftCells() {
        let fit = max(0, (area.columns + 1) / (box.columns + 1))
        let urls = composer.attachments.prefix(fit).map(thumbnailURL)
        while draftCells.count > urls.count { draftCells.removeLast().prepareForReuse() }
        while draftCells.count < urls.count {
            let cell = ImageCell(loader: loader)
            cell.onChange = { [weak self] _ in self?.onChange?() }
            draftCells.append(cell)
        }
        for (cell, url) in zip(draftCells, urls) { cell.show(url) }
    }

    private func drawRow(_ row: ConversationRow, cell: ImageCell?, top: Int, on canvas: any TextCanvas,
                         options: DrawOptions) -> [PlacedPicture] {
        let textColumn = area.column + box.columns + 2
        let width = area.columns - textColumn
        var pictures: [PlacedPicture] = []
        if row.attachment != nil {
            let rect = CellRect(row: top, column: area.column, rows: box.rows, columns: box.columns)
            if let picture = ImageCellDrawing.draw(cell, in: rect, on: canvas) { pictures.append(picture) }
            if options.showsBadges, let badge = ImageCellDrawing.badge(cell) {
                canvas.put("[\(badge)]", row: top + box.rows - 1, column: textColumn, style: .reverse)
            }
        }
        guard row.isFirstOfMessage else { return pictures }
        canvas.put(row.byline(otherParty: conversationTitle), row: top, column: textColumn, width: width,
                   style: row.message.state == .sent ? [.bold, .underline] : .bold)
        for (index, line) in SafeText.wrapped(row.message.text, width: width, maxLines: box.rows - 1).enumerated() {
            canvas.put(line, row: top + 1 + index, column: textColumn, width: width, style: [])
        }
        return pictures
    }

    private func drawComposer(on canvas: any TextCanvas, top: Int) -> [PlacedPicture] {
        canvas.put(String(repeating: "─", count: area.columns), row: top, column: area.column, style: .dim)
        var pictures: [PlacedPicture] = []
        var line = top + 1
        if !composer.attachments.isEmpty {
            for (index, cell) in draftCells.enumerated() {
                let rect = CellRect(row: line, column: area.column + index * (box.columns + 1), rows: box.rows, columns: box.columns)
                if let picture = ImageCellDrawing.draw(cell, in: rect, on: canvas) { pictures.append(picture) }
            }
            line += box.rows
        }
        drawInput(on: canvas, row: line)
        let hint = isWriting
            ? "Enter send · Esc stop writing · ← → Home End move"
            : "i write · a photo · l location · x remove last · ↑↓ scroll · Esc back"
        canvas.put(composer.problem.map { "✗ \($0)" } ?? hint, row: line + 1, column: area.column, style: .dim)
        return pictures
    }

    private func drawInput(on canvas: any TextCanvas, row: Int) {
        let prompt = "✎ "
        let text = SafeText.visible(composer.editor.text)
        guard isWriting else {
            let shown = text.isEmpty ? "press i to write" : text
            canvas.put(prompt + shown, row: row, column: area.column, style: text.isEmpty ? .dim : [])
            return
        }
        // Keep the cursor in view: show the tail of the text that ends at the cursor. Each editor
        // character is shown in its visible form, so the cursor stays on the character it is on;
        // only the characters that can be on screen are looked at (a long draft costs no more).
        let width = max(1, area.columns - 3)
        let characters = composer.editor.text
        let cursorIndex = characters.index(characters.startIndex, offsetBy: composer.editor.cursor,
                                           limitedBy: characters.endIndex) ?? characters.endIndex
        var beforeParts: [String] = []
        var used = 0
        var walk = cursorIndex
        while walk > characters.startIndex {
            let previous = characters.index(before: walk)
            let shown = SafeText.visible(String(characters[previous]))
            let columns = SafeText.width(of: shown)
            if used + columns >= width { break }
            used += columns
            beforeParts.append(shown)
            walk = previous
        }
        let before = beforeParts.reversed().joined()
        let under = cursorIndex < characters.endIndex ? SafeText.visible(String(characters[cursorIndex])) : " "
        var after = ""
        var afterWidth = 0
        if cursorIndex < characters.endIndex {
            for character in characters[characters.index(after: cursorIndex)...] {
                if afterWidth > width { break }
                let shown = SafeText.visible(String(character))
                afterWidth += SafeText.width(of: shown)
                after += shown
            }
        }
        canvas.put(prompt, row: row, column: area.column, style: .bold)
        let column = area.column + 2
        canvas.put(before, row: row, column: column)
        let cursorColumn = column + SafeText.width(of: before)
        canvas.put(under, row: row, column: cursorColumn, width: max(1, SafeText.width(of: under)), style: .reverse)
        canvas.put(after, row: row, column: cursorColumn + max(1, SafeText.width(of: under)))
    }
}
