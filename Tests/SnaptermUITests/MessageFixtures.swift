// MessageFixtures: a message store in a temporary folder and an app state whose thumbnails are mocks.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TerminalGraphics
import TestSupport

@MainActor
struct MessageFixture {
    let folder: TemporaryDirectory
    let store: MessageStore
    let conversation: Int64
    let thumbnails = MockSchemeHandler(scheme: "thumb")
    let state: AppState

    static let art = TerminalPicture.text([Data("PIC".utf8)])
    static let photos = [GalleryPhoto(id: "p-1", title: "One"), GalleryPhoto(id: "p-2", title: "Two")]
    static let places = [Place(name: "Helsinki", country: "FI", latitude: 60.1699, longitude: 24.9384, population: 600_000),
                         Place(name: "Hobart", country: "AU", latitude: -42.88, longitude: 147.33, population: 200_000)]

    init() throws {
        folder = try TemporaryDirectory()
        store = try MessageStore(path: folder.appending("messages.sqlite").path)
        conversation = try store.createConversation(title: "Ada").id ?? 0
        thumbnails.stubAll(with: MockResponse(data: Self.art.encoded))
        state = AppState(loader: try SchemeLoader(handlers: [thumbnails, MockSchemeHandler(scheme: "map")]),
                         graphics: .symbols, cellSize: (8, 16),
                         places: Self.places, photos: Self.photos, messages: store)
    }

    func composer() -> DraftComposer { DraftComposer(conversationID: conversation, store: store) }
}
