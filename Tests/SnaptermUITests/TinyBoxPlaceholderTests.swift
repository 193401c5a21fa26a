// A picture box of one or two columns (or one row) draws its placeholder without trapping
// (the bar was `String(repeating:count: columns - 2)`, negative in a one-column box).
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct TinyBoxPlaceholderTests {
    @Test func aLoadingMapInEveryTinyBoxDrawsInsideIt() async throws {
        // Given thumbnails that stay loading until the end of the test
        let gate = Gate()
        defer { gate.open() }
        let thumbnails = MockSchemeHandler(scheme: "thumb")
        thumbnails.stubAll(with: MockResponse(data: MessageFixture.art.encoded, gate: gate))
        let loader = try SchemeLoader(handlers: [thumbnails])
        let fixture = try MessageFixture()
        for columns in 1...4 {
            for rows in 1...5 {
                // Given the map detail screen in a tiny area, its picture still loading
                let screen = MapDetailScreen(place: MessageFixture.places[0], loader: loader,
                                             box: fixture.state.box(columns: 1, rows: 1))
                let area = CellRect(row: 1, column: 1, rows: rows, columns: columns)
                screen.layout(in: area)
                #expect(screen.placeholderCount.placeholders == 1)
                // When it is drawn
                let canvas = MemoryCanvas(rows: rows + 2, columns: columns + 2)
                _ = screen.draw(on: canvas, area: area, options: DrawOptions())
                // Then nothing is drawn outside the area's rows (the row above and below stay blank)
                #expect(canvas.lines.first == "" && canvas.lines.last == "", "\(columns)×\(rows): \(canvas.lines)")
            }
        }
        await loader.shutdown()
    }
}
