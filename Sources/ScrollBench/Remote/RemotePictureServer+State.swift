// RemotePictureServer+State: the app state of a remote list run — the real loaders with the HTTP
// handler, and a conversation whose attachments are the server's picture URLs.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TerminalGraphics
import Thumbnails

extension RemotePictureServer {
    /// The app state over `directory`: one loader with the HTTP and thumbnail handlers and a disk cache in
    /// `directory/cache`, and a message store
    /// (`directory/messages.sqlite`) with one conversation of one picture per row (and its sketch, when they carry them). Called again over the
    /// same folder, it makes new loaders and reuses the conversation (a second process's view).
    @MainActor
    public func makeState(diskDirectory directory: URL, graphics: GraphicsMode, cellSize: (width: Int, height: Int),
                          encoder: any ThumbnailEncoding = ThumbnailEncoder()) throws -> AppState {
        let handlers: [any SchemeHandling] = [HTTPSchemeHandler(configuration: handlerConfiguration), ThumbnailSchemeHandler(encoder: encoder)]
        let loader = try SchemeLoader(handlers: handlers, configuration: .userInterface(diskDirectory: directory.appendingPathComponent("cache")))
        return AppState(loader: loader, graphics: graphics, cellSize: cellSize,
                        places: [], messages: try conversation(in: directory))
    }

    /// The message store in `directory` with one conversation of `rows` messages, message `i` carrying
    /// picture `i` (made on the first call).
    private func conversation(in directory: URL) throws -> MessageStore {
        let store = try MessageStore(path: directory.appendingPathComponent("messages.sqlite").path)
        guard try store.conversations().isEmpty else { return store }
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        try store.transaction { writes in
            let id = try writes.createConversation(title: "Web photos").id ?? 0
            for row in 0..<rows {
                if let sketch = sketch(row: row) { try writes.setSketch(sketch, for: url(row: row)) }
                _ = try writes.receive(text: "Photo \(row + 1)", attachments: [url(row: row)], in: id,
                                       at: start.addingTimeInterval(Double(row)))
            }
        }
        return store
    }
}
