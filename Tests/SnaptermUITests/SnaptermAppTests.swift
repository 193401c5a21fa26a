// The app: header, rows and status drawn; pictures placed once and kept; overlays, toggles, screens, quit.
import Foundation
import SchemeLoader
import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing

@MainActor
@Suite struct SnaptermAppTests {
    static let art = TerminalPicture.text([Data("ART".utf8), Data("ART".utf8), Data("ART".utf8)])

    private func makeApp(thumbnails: MockSchemeHandler = MockSchemeHandler(scheme: "thumb"))
        throws -> (SnaptermApp, FakeTerminalScreen, BufferOutput) {
        thumbnails.stubAll(with: MockResponse(data: Self.art.encoded))
        let loader = try SchemeLoader(handlers: [thumbnails, MockSchemeHandler(scheme: "map")])
        let places = (0..<50).map { Place(name: "Town \($0)", country: "XX", latitude: Double($0), longitude: 10, population: 1000 * $0) }
        let state = AppState(loader: loader, graphics: .symbols,
                             cellSize: (8, 16), places: places)
        let screen = PlacesScreen(places: places, loader: loader, box: state.box(columns: 10, rows: 3))
        let terminal = FakeTerminalScreen(rows: 30, columns: 80)
        let output = BufferOutput()
        return (SnaptermApp(state: state, terminal: terminal, output: output, tabs: [screen]), terminal, output)
    }

    private func warm(_ app: SnaptermApp) async -> Bool {
        app.drawFrame()
        return await UIFixtures.eventually { app.currentScreen.placeholderCount.placeholders == 0 }
    }

    @Test func theFirstFrameHasHeaderRowsAndStatus() throws {
        let (app, terminal, _) = try makeApp()
        app.drawFrame()
        #expect(terminal.lines[0].contains("[Places]"))
        #expect(terminal.lines.contains { $0.contains("Town 0") })
        #expect(terminal.lines[29].contains("cache on"))
        #expect(terminal.lines[29].contains("blank"))
        #expect(app.bodyArea == CellRect(row: 1, column: 0, rows: 28, columns: 80), "no picture on the last row")
    }

    @Test func picturesArePlacedOnceAndThenKept() async throws {
        let (app, _, output) = try makeApp()
        #expect(await warm(app))
        app.drawFrame()
        let visible = app.currentScreen.placeholderCount.cells
        #expect(visible == 7)
        #expect(app.lastFrame.sent == visible)
        #expect(String(decoding: output.bytes, as: UTF8.self).contains("ART"))
        let before = output.bytes.count
        app.drawFrame()
        #expect(app.lastFrame.sent == 0)
        #expect(app.lastFrame.kept == visible)
        #expect(output.bytes.count == before, "an unchanged frame writes no picture bytes")
    }

    @Test func ctrlLAndResizeSendEveryPictureAgain() async throws {
        let (app, terminal, _) = try makeApp()
        #expect(await warm(app))
        app.drawFrame()
        app.handle(.control("l"))
        app.drawFrame()
        #expect(app.lastFrame.sent == 7)
        #expect(terminal.invalidations == 1)
    }

    @Test func theHelpOverlayHidesPicturesUntilClosed() async throws {
        let (app, terminal, _) = try makeApp()
        #expect(await warm(app))
        app.drawFrame()
        app.handle(.character("?"))
        app.drawFrame()
        #expect(terminal.lines.contains { $0.contains("Keys") })
        #expect(app.lastFrame.erased == 7 && app.lastFrame.sent == 0)
        app.handle(.escape)
        app.drawFrame()
        #expect(!terminal.lines.contains { $0.contains("Press ? or Esc") })
        #expect(app.lastFrame.sent == 7)
    }

    @Test func vacatedPicturesAreErasedBeforeTheTextIsRefreshed() async throws {
        let (app, terminal, output) = try makeApp()
        #expect(await warm(app))
        app.drawFrame()
        var bytesAtRefresh = Data()
        terminal.onRefresh = { bytesAtRefresh = output.bytes }
        app.handle(.character("?"))
        app.drawFrame()
        #expect(app.lastFrame.erased == 7)
        #expect(bytesAtRefresh == output.bytes, "every erase was written before the refresh, none after")
        #expect(String(decoding: bytesAtRefresh, as: UTF8.self).contains("\u{1B}[10X"))
    }

    @Test func cachingCanBeTurnedOffLiveAndBadgesShown() async throws {
        let (app, terminal, _) = try makeApp()
        #expect(await warm(app))
        app.handle(.character("b"))
        app.drawFrame()
        #expect(terminal.lines.contains { $0.contains("[H]") }, "first loads came from the handler")
        app.handle(.character("c"))
        app.drawFrame()
        #expect(!app.state.isCachingEnabled)
        #expect(terminal.lines[29].contains("cache OFF"))
    }

    @Test func enterOpensTheMapAndEscapeComesBack() throws {
        let (app, terminal, _) = try makeApp()
        app.drawFrame()
        app.handle(.enter)
        app.drawFrame()
        #expect(app.currentScreen is MapDetailScreen)
        #expect(terminal.lines[0].contains("Map — Town 0"))
        app.handle(.escape)
        #expect(app.currentScreen is PlacesScreen)
    }

    @Test func runDrawsArrivingPicturesAndQuitLeavesNoPictureBehind() async throws {
        let (app, terminal, output) = try makeApp()
        terminal.keys = [.character("q")]
        terminal.ready = { app.framesDrawn > 0 && app.currentScreen.placeholderCount.placeholders == 0 }
        await app.run()
        #expect(!app.isRunning)
        #expect(app.currentScreen.placeholderCount.placeholders == 0)
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text.contains("ART"))
        #expect(text.hasSuffix("\u{1B}8"), "the last write erases the pictures (save … erase … restore)")
        #expect(text.contains("\u{1B}[10X"))
    }
}
