// ConversationScreen+SaveFile: `s` saves the newest file message on screen into the download folder (FileSaving), its
// bytes through the app's loader (`mxc://`, or `emxc://` decrypted in memory). A file of that name there
// already is kept: the notice asks, and `s` again replaces it.
import Foundation
import MessageStore
import SchemeLoader
import TerminalGraphics

extension ConversationScreen {
    /// Saves the newest file message on screen, or says why it cannot.
    func saveNewestFileOnScreen() {
        guard let list else { return }
        let file = list.visibleRange.reversed().lazy.map { self.rows[$0].message }
            .first { $0.matrix?.kind == .file && $0.matrix?.media?.url != nil }
        guard let file, let media = file.matrix?.media, let text = media.url, let url = URL(string: text) else {
            notice = "no file on screen to save"
            return
        }
        guard let fileLoader, let folder = downloadFolder else {
            notice = "✗ not saved: \(fileLoader == nil ? "files cannot be loaded here" : FileSaveError.noDownloadFolder.description)"
            return
        }
        let replacing = pendingReplacement == file.id
        pendingReplacement = nil
        let name = media.fileName ?? file.text
        notice = "saving \(SafeText.visible(FileSaving.safeName(name)))…"
        Task { [weak self] in
            let outcome: String
            do {
                let data = try await fileLoader.data(for: url).data
                let saved = try FileSaving.save(data, named: name, in: folder, replacing: replacing)
                outcome = "saved \(ByteCountFormatter.string(fromByteCount: Int64(data.count), countStyle: .file)) to \(saved.path)"
            } catch FileSaveError.exists(let path) {
                self?.pendingReplacement = file.id
                outcome = "✗ \((path as NSString).lastPathComponent) exists already — s again replaces it"
            } catch {
                outcome = "✗ not saved: \(error)"
            }
            self?.notice = SafeText.visible(outcome)
            self?.onChange?()
        }
    }
}
