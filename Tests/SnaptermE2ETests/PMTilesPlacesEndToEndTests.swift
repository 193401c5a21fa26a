// End to end in tmux (text-art mode): with `--tiles` naming the world and Helsinki as PMTiles, the
// places list draws every map and scrolls, and the location picker finds Paris and previews its map.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"),
       .enabled("needs the world as PMTiles (scripts/fixtures/pmtiles-from-mbtiles.sh: python3 and pip)") { await PMTilesFixture.world() != nil })
struct PMTilesPlacesEndToEndTests {
    @Test func placesAndTheLocationPickerDrawFromPMTilesGivenWithTiles() async throws {
        let world = try #require(await PMTilesFixture.world())
        let fixture = try E2EFixture()
        let tmux = fixture.tmux
        try await fixture.start("--tiles '\(world.path)' --tiles '\(PMTilesFixture.helsinki.path)'")
        try await tmux.waitFor("[Places]")

        // Every visible place's map is drawn (no placeholder left, none failed), then again after scrolling
        let first = try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("#1 of ") } && $0.contains { $0.contains("blank 0/") } }
        #expect(!first.contains { $0.contains("failed") }, "\(first.joined(separator: "\n"))")
        for _ in 0..<12 { try await tmux.send("Down") }
        let scrolled = try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("#13 of ") } && $0.contains { $0.contains("blank 0/") } }
        #expect(!scrolled.contains { $0.contains("failed") })
        let status = try #require(scrolled.last { $0.contains("miss ") })
        #expect((PlacesEndToEndTests.count(after: "miss ", in: status) ?? 0) >= 3, "maps were rendered: \(status)")

        // The location picker finds Paris and previews its map
        try await tmux.send("Tab")
        try await tmux.waitFor("[Messages]")
        try await tmux.send("g", "Enter")
        try await tmux.waitFor("i write")
        try await tmux.send("l")
        try await tmux.waitFor("type to find")
        for key in ["p", "a", "r", "i", "s"] { try await tmux.send(key) }
        let picker = try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("▶ Paris") } && $0.contains { $0.contains("blank 0/1") } }
        #expect(!picker.contains { $0.contains("failed") }, "\(picker.joined(separator: "\n"))")

        try await tmux.send("Escape")
        try await tmux.waitFor("i write")
        try await tmux.send("Escape")
        try await tmux.waitFor { !$0.contains { $0.contains("i write") } }
        try await tmux.send("q")
        try await tmux.waitFor("EXIT=0")
    }
}
