// ScreenFactory: builds the screen a `ScreenKind` names from the app's shared state.
import Foundation
import MessageStore
import Thumbnails

@MainActor
public enum ScreenFactory {
    /// Thumbnail size of message attachments and draft attachments (the same, so a sent picture is a cache hit).
    public static let messageThumbnail = (columns: 24, rows: 6)
    /// Thumbnail size of the places list and the conversations list.
    public static let rowThumbnail = (columns: 26, rows: 6)
    /// Thumbnail size in a folder gallery's grid (`snapterm DIR`): 3:2 in 8×16-pixel cells.
    public static let galleryThumbnail = (columns: 18, rows: 6)
    /// Thumbnail size in the photo picker's grid.
    static let pickerThumbnail = (columns: 18, rows: 5)

    /// The box of message and draft attachments on this terminal.
    public static func messageBox(_ state: AppState) -> ThumbnailBox {
        state.box(columns: messageThumbnail.columns, rows: messageThumbnail.rows)
    }

    /// The screen for `kind`, or `nil` when the app has no message store for it.
    static func make(_ kind: ScreenKind, state: AppState) -> (any Screen)? {
        let loader = state.loader
        switch kind {
        case .mapDetail(let place):
            return MapDetailScreen(place: place, loader: loader, box: state.box(columns: 1, rows: 1))
        case .conversation(let id):
            guard let store = state.messages else { return nil }
            let title = (try? store.conversations().first { $0.id == id }?.conversation.title) ?? "Conversation"
            let screen = ConversationScreen(id: id, title: title, store: store, loader: loader,
                                            box: messageBox(state), writer: state.messageWriter, pictureLoader: loader)
            screen.composer.roomSending = state.roomSending
            screen.connection = state.connection
            screen.fileLoader = loader
            screen.downloadFolder = FileSaving.downloadFolder(environment: ProcessInfo.processInfo.environment)
            return screen
        case .photoPicker(let id):
            guard let store = state.messages else { return nil }
            let composer = DraftComposer(conversationID: id, store: store, writer: state.messageWriter)
            composer.roomSending = state.roomSending  // a photo is prepared to send while it is edited
            return PhotoPickerScreen(photos: state.photos, composer: composer,
                                     loader: loader,
                                     box: state.box(columns: pickerThumbnail.columns, rows: pickerThumbnail.rows),
                                     previewBox: state.box(columns: 1, rows: 1))
        case .locationPicker(let id):
            guard let store = state.messages else { return nil }
            return LocationPickerScreen(places: state.places, composer: DraftComposer(conversationID: id, store: store, writer: state.messageWriter),
                                        loader: loader, previewBox: state.box(columns: 1, rows: 1))
        }
    }
}
