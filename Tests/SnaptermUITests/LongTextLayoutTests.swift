// Very long text without spaces costs linear time to lay out, not quadratic (every frame used to
// re-measure the rest of the text once per line, and the composer once per character).
// The bounds are generous (a loaded two-core machine, a debug build): the quadratic code took
// minutes on these sizes, the linear code well under a second.
import Foundation
import MessageStore
import SnaptermUI
import TerminalGraphics
import Testing

// Off the main actor (except the composer test), so other suites' main-actor tests keep running.
@Suite struct LongTextLayoutTests {
    @Test func threeHundredThousandCharactersWithoutSpacesWrapInLinearTime() {
        // Given 300 000 characters without a space
        let text = String(repeating: "x日", count: 150_000)
        // When they are wrapped into 80 columns
        let clock = ContinuousClock()
        var lines: [String] = []
        let elapsed = clock.measure { lines = SafeText.wrapped(text, width: 80) }
        // Then every character is kept, each line fits, and it took seconds at most
        #expect(lines.allSatisfy { SafeText.width(of: $0) <= 80 })
        #expect(lines.joined() == text)
        #expect(elapsed < .seconds(20), "took \(elapsed)")
    }

    @Test func aFewVisibleLinesOfAHugeMessageCostOnlyThoseLines() {
        let text = String(repeating: "y", count: 1_000_000)
        let clock = ContinuousClock()
        var lines: [String] = []
        let elapsed = clock.measure { lines = SafeText.wrapped(text, width: 40, maxLines: 3) }
        #expect(lines == Array(repeating: String(repeating: "y", count: 40), count: 3))
        #expect(elapsed < .seconds(2), "took \(elapsed)")
    }

    @MainActor
    @Test func theComposerDrawsAHugeDraftEndingAtTheCursor() throws {
        // Given a draft of 50 000 characters without spaces, being written
        let fixture = try MessageFixture()
        try fixture.store.saveDraft(Draft(text: String(repeating: "a", count: 50_000) + "END", attachments: []),
                                    for: fixture.conversation)
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        let area = CellRect(row: 0, column: 0, rows: 20, columns: 60)
        screen.layout(in: area)
        _ = screen.handle(.character("i"))
        // When it is drawn five times
        let clock = ContinuousClock()
        let canvas = MemoryCanvas(rows: 20, columns: 60)
        let elapsed = clock.measure {
            for _ in 0..<5 { _ = screen.draw(on: canvas, area: area, options: DrawOptions()) }
        }
        // Then the input line shows the tail up to the cursor, and it was quick
        let input = try #require(canvas.lines.first { $0.hasPrefix("✎ ") })
        #expect(input.hasSuffix("aaaEND"), "\(input)")
        #expect(SafeText.width(of: input) <= 60)
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }
}
