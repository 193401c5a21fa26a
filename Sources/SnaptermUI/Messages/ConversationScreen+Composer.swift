// ConversationScreen+Composer: the draft under the conversation — attachments (a failed one says what to
// do), the input line with its cursor kept in view, and the hint or status line.
import Foundation
import TerminalGraphics

extension ConversationScreen {
    /// What the composer's rule says while the draft's photos go at their original size (`o`).
    static let originalSizeLabel = " photos at their original size (o: fitted into 2048 px) "

    /// Draws the composer from screen row `top`: a rule (naming the original size when chosen), the draft's
    /// attachments, the input, the hint or status.
    func drawComposer(on canvas: any TextCanvas, top: Int, phase: Int) -> [PlacedPicture] {
        canvas.put(String(repeating: "─", count: area.columns), row: top, column: area.column, style: .dim)
        if composer.original && !composer.attachments.isEmpty {
            canvas.put(SafeText.fitted(Self.originalSizeLabel, to: max(0, area.columns - 2)), row: top, column: area.column + 2,
                       style: .bold)
        }
        var pictures: [PlacedPicture] = []
        var line = top + 1
        if !composer.attachments.isEmpty {
            // As many as fit side by side; each with its number and what it is (or that it failed) below
            let fit = max(0, (area.columns + 1) / (box.columns + 1))  // none on a screen narrower than one
            for (index, cell) in draftCells.prefix(fit).enumerated() {
                let column = area.column + index * (box.columns + 1)
                let rect = CellRect(row: line, column: column, rows: box.rows, columns: box.columns)
                if let picture = cell.draw(in: rect, on: canvas, phase: phase) { pictures.append(picture) }
                let failed = failedAttachments.contains { $0.index == index }
                let caption = composer.attachments.indices.contains(index)
                    ? "\(index + 1) " + (failed ? "✗ x remove · R retry"
                        : AttachmentCaption.of(composer.attachments[index], original: composer.original)) : ""
                canvas.put(SafeText.fittedAtWord(caption, to: box.columns), row: line + box.rows, column: column, width: box.columns, style: failed ? .bold : .dim)
            }
            if draftCells.count > fit {
                let failed = failedAttachments.filter { $0.index >= fit }.count
                canvas.put("+\(draftCells.count - fit) more" + (failed > 0 ? " (\(failed) ✗)" : ""), row: line + box.rows,
                           column: area.column + fit * (box.columns + 1), width: max(0, area.columns - fit * (box.columns + 1)),
                           style: failed > 0 ? .bold : .dim)
            }
            line += box.rows + 1
        }
        drawInput(on: canvas, row: line)
        let hint = isWriting
            ? "Enter send · Esc stop writing · ← → Home End move"
            : selectedMessage.map { Self.isSavableFile($0) ? "Enter save the file · ↑↓ select · Esc unselect · i write"
                                                            : "↑↓ select · Esc unselect · i write · s save the newest file" }
            ?? "i write · a photo · l location · x remove · o original size · R retry · ↑↓ select · Esc back"
        let status = notice ?? composer.problem.map { "✗ \($0)" } ?? composer.saveStatus.map { "✗ \($0)" }
        canvas.put(status ?? hint, row: line + 1, column: area.column,
                   width: area.columns, style: status == nil ? .dim : .bold)
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
