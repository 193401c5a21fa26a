// AttachmentSketcher: the colour sketch of each picture attached to a draft, made when it is attached and kept in the
// message store — sent with the message, it is what the conversation draws while the picture loads.
import Foundation
import Imaging
import MessageStore
import SchemeLoader
import Thumbnails

/// Makes sketches from the same box-sized render the attachment's thumbnail is made from (the load is shared with
/// the thumbnail's, so a sketch costs one small decode), off the main thread. A sketch is an extra: when the render
/// fails or the database is busy, the attachment simply has none.
@MainActor
final class AttachmentSketcher {
    private let loader: SchemeLoader
    private let store: MessageStore
    private let box: ThumbnailBox
    private var started: Set<URL> = []

    /// Sketches through `loader` (the app's loader, which loads the pictures) into `store`, rendering as thumbnails in `box` do.
    init(loader: SchemeLoader, store: MessageStore, box: ThumbnailBox) {
        self.loader = loader
        self.store = store
        self.box = box
    }

    /// Starts a sketch for each of `pictures` not sketched by this sketcher yet.
    func sketch(_ pictures: [URL]) {
        for picture in pictures where started.insert(picture).inserted {
            let source = ThumbnailSource.boxSized(picture, for: box)
            Task.detached(priority: .utility) { [loader, store] in
                guard let data = try? await loader.data(for: source, priority: .low).data,
                      let bitmap = try? await WorkerPool.shared.run({ try ImageProcessor().thumbnail(data, width: 64, height: 64, mode: .fit) })
                else { return }
                let sketch = ColourSketch(bitmap: bitmap).encoded
                try? store.transaction(waitingAtMost: 0.5) { try $0.setSketch(sketch, for: picture) }
            }
        }
    }
}
