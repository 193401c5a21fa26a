// Two pictures of a gallery of URLs may have the same name (`image.jpg` from two sites): back from the
// large picture, the selection stays on the one that was open.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite struct URLGallerySameNameTests {
    @Test func backFromAPictureTheSelectionStaysOnItWhenAnotherHasTheSameName() throws {
        // Given a gallery of three URLs, two of them named `image.jpg`
        let thumbnails = MockSchemeHandler(scheme: "thumb")
        thumbnails.stubAll(with: MockResponse(data: FolderFixtures.art.encoded))
        let urls = ["mock://one/image.jpg", "mock://two/other.jpg", "mock://three/image.jpg"].map { URL(string: $0)! }
        let screen = GalleryScreen(pictures: PictureList(name: "Pictures", entries: urls.map { GalleryEntry(url: $0) }),
                                   loader: try UIFixtures.loader(thumbnails),
                                   box: ThumbnailBox(columns: 18, rows: 6, mode: .symbols),
                                   viewerBox: ThumbnailBox(columns: 1, rows: 1, mode: .symbols))
        screen.layout(in: FolderFixtures.area)
        // When the third is opened and closed
        screen.select(2)
        _ = screen.handle(.enter)
        _ = screen.handle(.escape)
        // Then the third is still the one selected, not the first of that name
        #expect(screen.viewing == nil && screen.selected == 2)
    }
}
