// AttachmentSketcher: the colour sketch of each picture attached to a draft, asked for when it is attached and kept in
// the message store — sent with the message, it is what the conversation draws while the picture loads.
import Foundation
import MessageStore
import SchemeLoader
import Thumbnails

/// Asks the loader for each attachment's sketch (`ThumbnailURL.sketch(of:box:)`: a stage of the loader made from the
/// same box-sized render the attachment's thumbnail is made from, so a sketch costs one small decode) and stores it.
/// A sketch is an extra: when it fails or the database is busy, the attachment simply has none.
@MainActor
final class AttachmentSketcher {
    private let loader: SchemeLoader
    private let store: MessageStore
    private let box: ThumbnailBox
    private var started: Set<URL> = []

    /// Sketches through `loader` (the app's loader, which loads the pictures) into `store`, from the renders thumbnails
    /// in `box` are made from.
    init(loader: SchemeLoader, store: MessageStore, box: ThumbnailBox) {
        self.loader = loader
        self.store = store
        self.box = box
    }

    /// Asks for the sketch of each of `pictures` not sketched by this sketcher yet, at a low priority.
    func sketch(_ pictures: [URL]) {
        for picture in pictures where started.insert(picture).inserted {
            let sketch = ThumbnailURL.sketch(of: ThumbnailSource.boxSized(picture, for: box), box: box).url
            loader.load(sketch, priority: .low) { [store] result in
                guard let text = (try? result.get()).flatMap({ String(data: $0.data, encoding: .utf8) }) else { return }
                // (off the caller: a memory hit answers on the main actor, and the database may be busy for a while)
                Task.detached(priority: .utility) { try? store.transaction(waitingAtMost: 0.5) { try $0.setSketch(text, for: picture) } }
            }
        }
    }
}
