// The photo editor shows the edit: the preview asks for the edited picture after every key, names the
// rotation, crop and filter, shows "rendering…" with a moving bar while it waits, and a newer edit cancels
// the older render.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Thumbnails
import Testing

@MainActor
@Suite struct EditorPreviewTests {
    private let area = CellRect(row: 1, column: 0, rows: 28, columns: 100)

    private func text(_ picker: PhotoPickerScreen, phase: Int = 0) -> [String] {
        let canvas = MemoryCanvas(rows: area.row + area.rows, columns: area.columns)
        _ = picker.draw(on: canvas, area: area, options: DrawOptions(phase: phase))
        return canvas.lines
    }

    @Test func eachKeyAsksForTheEditedPictureAndANewerEditCancelsTheOlderRender() async throws {
        // Given the editor on a photo whose renders take as long as the test says
        let fixture = try MessageFixture()
        let gate = Gate()
        fixture.thumbnails.stubAll(with: MockResponse(data: MessageFixture.art.encoded, gate: gate))
        let picker = PhotoPickerScreen(photos: MessageFixture.photos, composer: fixture.composer(), loader: fixture.state.loader,
                                       box: fixture.state.box(columns: 18, rows: 5), previewBox: fixture.state.box(columns: 1, rows: 1))
        picker.layout(in: area)
        _ = picker.handle(.enter)
        // Then while the first render runs the screen says so, names the edits and shows a moving bar
        #expect(picker.isRendering)
        let lines = text(picker)
        #expect(lines.contains { $0.contains("rotate 0° · crop whole · filter none · rendering…") })
        // … the photo by its name, never its asset:// URL
        #expect(lines.contains { $0.contains("One · attached 1280 px wide") })
        #expect(!lines.contains { $0.contains("asset://") })
        let bar = { (lines: [String]) in lines.first { $0.contains("█") && $0.contains("░") } }
        #expect(try #require(bar(lines)) != (try #require(bar(text(picker, phase: 7)))), "the bar moves from frame to frame")
        #expect(await UIFixtures.eventually { gate.waiting == 3 }, "two grid thumbnails and the preview wait")
        let loadsBefore = fixture.thumbnails.totalLoads

        // When r, c and f are pressed, each while the render before it is still running
        let expected = ["rotate 90° · crop whole · filter none", "rotate 90° · crop centre square · filter none",
                        "rotate 90° · crop centre square · filter mono"]
        for (index, key) in ["r", "c", "f"].enumerated() {
            // Then the key is handled at once and named on screen, while the new picture renders
            #expect(picker.handle(.character(Character(key))) == .none)
            #expect(text(picker).contains { $0.contains(expected[index] + " · rendering…") })
            // and the render it superseded is cancelled (the grid's two and the newest preview still wait)
            #expect(await UIFixtures.eventually { fixture.thumbnails.cancelledLoads == index + 1 && gate.waiting == 3 },
                    "after \(key): cancelled \(fixture.thumbnails.cancelledLoads), waiting \(gate.waiting)")
        }
        #expect(fixture.thumbnails.totalLoads == loadsBefore + 3, "one render per key")
        let shown = try AssetURL(url: try ThumbnailURL(url: try #require(picker.previewCell.url)).source)
        #expect(shown.rotate == 90 && shown.filter == .mono && shown.crop != .full)

        // When the last render finishes
        gate.open()
        // Then it is the picture shown, and "rendering…" is gone
        #expect(await UIFixtures.eventually { !picker.isRendering })
        #expect(picker.previewCell.content == .image(data: MessageFixture.art.encoded, source: .handler))
        #expect(!text(picker).contains { $0.contains("rendering") })
        #expect(fixture.thumbnails.loadCount(for: try #require(picker.previewCell.url)) == 1)
    }
}
