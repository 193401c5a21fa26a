// ConversationScreen+SaveFile: Enter on a selected file message, or `s` (the selected file, else the newest file on
// screen), saves it into the download folder (FileSaving), its bytes through the app's loader (`mxc://`, or
// `emxc://` decrypted in memory). A file of that name there already is kept: the notice asks, and the same key again
// replaces it.
import Foundation
import MessageStore
import SchemeLoader
import TerminalGraphics

extension ConversationScreen {
    /// `s`: saves the selected file, else the newest file message on screen, or says why it cannot.
    func saveSelectedOrNewestFile() {
        if let selected = selectedMessage, Self.isSavableFile(selected) {
            save(selected, key: "s")
            return
        }
        guard let list else { return }
        let file = list.visibleRange.reversed().lazy.map { self.rows[$0].message }.first(where: Self.isSavableFile)
        guard let file else {
            notice = "no file on screen to save"
            return
        }
        save(file, key: "s")
    }

    /// Whether `message` is a Matrix file whose bytes can be asked for.
    static func isSavableFile(_ message: Message) -> Bool {
        message.matrix?.kind == .file && message.matrix?.media?.url != nil
    }

    /// Saves file message `file` into the download folder, or says why it cannot; `key` (what the user pressed) is
    /// named in the question when a file of that name is there already.
    func save(_ file: Message, key: String) {
        guard let media = file.matrix?.media, let text = media.url, let url = URL(string: text) else {
            notice = "✗ not saved: the message names no file to download"
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
                outcome = "✗ \((path as NSString).lastPathComponent) exists already — \(key) again replaces it"
            } catch {
                outcome = "✗ not saved: \(error)"
            }
            self?.notice = SafeText.visible(outcome)
            self?.onChange?()
        }
    }
}
