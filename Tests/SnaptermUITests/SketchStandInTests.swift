// A message whose picture came with a colour sketch shows the sketch, in the picture's colours, from the first frame
// its row is on screen — never a blank "loading" box — and the picture replaces it when it lands.
import Foundation
import Imaging
import MessageStore
import SchemeLoader
import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite struct SketchStandInTests {
    private let area = CellRect(row: 1, column: 0, rows: 30, columns: 80)

    @Test func aSketchedPictureShowsItsSketchAtOnceAndThePictureWhenItLands() async throws {
        // Given thumbnails that wait until the test lets them through, and two received pictures, one with a red sketch
        let fixture = try MessageFixture()
        let gate = Gate()
        fixture.thumbnails.stubAll(with: MockResponse(data: MessageFixture.art.encoded, gate: gate))
        let red = try #require(URL(string: "https://example.com/red.jpg"))
        let plain = try #require(URL(string: "https://example.com/plain.jpg"))
        try fixture.store.transaction { writes in
            try writes.setSketch("2x1:e01010e01010", for: red)
            _ = try writes.receive(text: "red", attachments: [red], in: fixture.conversation, at: Date(timeIntervalSince1970: 1))
            _ = try writes.receive(text: "plain", attachments: [plain], in: fixture.conversation, at: Date(timeIntervalSince1970: 2))
        }
        // When the conversation opens
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        screen.layout(in: area)
        let list = try #require(screen.list)
        // Then in the first frame the sketched row shows a preview (not a white spot), the other a placeholder
        let sketchedCell = try #require(list.cell(forRow: 0)), plainCell = try #require(list.cell(forRow: 1))
        #expect(sketchedCell.content.isPreview)
        #expect(plainCell.content.isPlaceholder)
        #expect(list.placeholderCount.placeholders == 1)
        // and the preview is text art in the sketch's red (24-bit colour 224;16;16)
        guard case .preview(let data) = sketchedCell.content else { Issue.record("no preview"); return }
        #expect(String(decoding: data, as: UTF8.self).contains("2;224;16;16"))

        // When the thumbnails arrive
        gate.open()
        // Then each row shows its picture
        #expect(await UIFixtures.eventually {
            if case .image = sketchedCell.content, case .image = plainCell.content { return true }
            return false
        })
    }

    @Test func aPictureAttachedToTheDraftGetsItsSketchAndTheSentMessageCarriesIt() async throws {
        // Given a conversation whose pictures render as a green picture
        let fixture = try MessageFixture()
        let green = try ImageProcessor().encode(Bitmap(width: 40, height: 30, filledWith: RGBA(red: 20, green: 200, blue: 60)), as: .png)
        let pictures = MockSchemeHandler(scheme: "asset")
        pictures.stubAll(with: MockResponse(data: green))
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4),
                                        pictureLoader: try SchemeLoader(handlers: [pictures, ThumbnailSchemeHandler()]))
        screen.layout(in: area)
        // When a photo is attached to the draft
        let photo = try #require(URL(string: "asset://?id=p-1&width=1280"))
        screen.composer.attach(photo)
        screen.layout(in: area)
        // Then its sketch, in the picture's green, is kept for it
        #expect(await UIFixtures.eventually {
            ((try? fixture.store.sketch(for: photo)) ?? nil) == "8x6:" + String(repeating: "14c83c", count: 48)
        })
        // and when the draft is sent, the message carries it
        let sent = try #require(screen.composer.send())
        let stored = try #require(try fixture.store.messages(in: fixture.conversation).first { $0.id == sent.id })
        #expect(stored.sketches[photo]?.hasPrefix("8x6:14c83c") == true)
    }

    @Test func aReceivedPictureWithABlurHashShowsItAtOnceInThePicturesShapeAndColours() async throws {
        // Given a received mxc:// picture whose message gave a BlurHash of a red picture, 4000×1000 pixels, kept as
        // the sync stores it (BlurHashSketch's text form, where a colour sketch is kept)
        let fixture = try MessageFixture()
        let gate = Gate()
        fixture.thumbnails.stubAll(with: MockResponse(data: MessageFixture.art.encoded, gate: gate))
        // (one component: BlurHash's cosines are not orthogonal to a flat picture, so more would add shades)
        let red = try BlurHash(encoding: Bitmap(width: 8, height: 8, filledWith: RGBA(red: 230, green: 20, blue: 20)),
                               componentsX: 1, componentsY: 1)
        let wide = try #require(URL(string: "mxc://example.org/wide"))
        let unsized = try #require(URL(string: "mxc://example.org/unsized"))
        try fixture.store.transaction { writes in
            try writes.setSketch(BlurHashSketch(hash: red.text, width: 4000, height: 1000).encoded, for: wide)
            try writes.setSketch(BlurHashSketch(hash: red.text, width: nil, height: 1_000_000_000_000).encoded, for: unsized)
            _ = try writes.receive(text: "wide", attachments: [wide], in: fixture.conversation, at: Date(timeIntervalSince1970: 1))
            _ = try writes.receive(text: "unsized", attachments: [unsized], in: fixture.conversation, at: Date(timeIntervalSince1970: 2))
        }
        // When the conversation opens
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        screen.layout(in: area)
        let list = try #require(screen.list)
        // Then in the first frame both rows show a preview — none is a white spot — in the hash's red
        let wideCell = try #require(list.cell(forRow: 0)), unsizedCell = try #require(list.cell(forRow: 1))
        #expect(list.placeholderCount.placeholders == 0)
        guard case .preview(let wideArt) = wideCell.content, case .preview(let unsizedArt) = unsizedCell.content else {
            Issue.record("no preview: \(wideCell.content), \(unsizedCell.content)")
            return
        }
        #expect(String(decoding: wideArt, as: UTF8.self).contains("2;230;20;20"))
        // and the 4:1 picture covers 16 columns by 2 rows (cells of 8×16), the one of unknown size the whole box
        #expect(Self.rows(of: wideArt) == 2)
        #expect(Self.rows(of: unsizedArt) == 4)

        // When the thumbnails arrive, each row shows its picture
        gate.open()
        #expect(await UIFixtures.eventually {
            if case .image = wideCell.content, case .image = unsizedCell.content { return true }
            return false
        })
    }

    /// The rows of an encoded text-art picture.
    private static func rows(of encoded: Data) -> Int? {
        guard case .text(let lines)? = TerminalPicture(encoded: encoded) else { return nil }
        return lines.count
    }
}
