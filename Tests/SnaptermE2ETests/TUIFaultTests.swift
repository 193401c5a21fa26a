// The TUI fault suite in tmux: one app session resized through every width 10…200 (height 40) and
// every height 5…300 (width 100) on every screen, with random keys (multi-code-point text and control
// characters in the composer). No crash, no hang (the screen answers, CPU time and memory stay
// bounded, read from /proc), and the draft in the database is what the keys typed and what shows.
// Seeded and deterministic; bounded to well under two minutes.
import Foundation
import MessageStore
import SnaptermUI
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TUIFaultTests {
    /// One screen of the app: how to reach it from the one before, what shows when it is there.
    struct Stop {
        let name: String
        let keys: [String]
        let marker: String
        /// Keys that may be pressed at random while the window is resized (they keep the screen).
        let noise: [String]
    }

    // No Home or End: tmux sends them as ESC [ 1 ~ and ESC [ 4 ~, which the pane's TERM
    // (xterm-256color, whose khome is ESC O H) does not list — ncurses would read a lone Escape.
    static let browseNoise = ["j", "k", "Down", "Up", "PageDown", "PageUp", "g", "G", "b", "C-l"]
    static let stops: [Stop] = [
        Stop(name: "places", keys: [], marker: "[Places]", noise: browseNoise),
        Stop(name: "map detail", keys: ["Enter"], marker: "+/- zoom", noise: ["+", "-", "Left", "Right", "Up", "Down", "C-l"]),
        Stop(name: "keys overlay", keys: ["Escape", "?"], marker: "first / last", noise: ["C-l"]),
        Stop(name: "messages", keys: ["?", "Tab"], marker: "[Messages]", noise: browseNoise),
        Stop(name: "conversation", keys: ["g", "Enter"], marker: "i write", noise: ["j", "k", "Down", "Up", "PageDown", "PageUp", "C-l"]),
        Stop(name: "photo picker", keys: ["a"], marker: "Pick a photo", noise: ["Left", "Right", "Down", "Up", "C-l"]),
        Stop(name: "location picker", keys: ["Escape", "l"], marker: "type to find",
             noise: ["Down", "Up", "PageDown", "C-l", "日", "é", "🇫🇮", "x", "BSpace", "BSpace"]),
        Stop(name: "composer", keys: ["Escape", "i"], marker: "Enter send", noise: ["Left", "Right", "C-a", "C-e", "C-l"]),
    ]

    /// Editing keys for the composer and what they do to the model editor (nil: nothing).
    static let editingKeys: [(tmux: String, key: Key?)] = [
        ("Left", .left), ("Right", .right), ("BSpace", .backspace), ("DC", .delete),
        ("C-a", .control("a")), ("C-e", .control("e")), ("C-g", nil), ("C-k", nil), ("C-l", nil), ("C-u", nil),
        ("C-w", nil), ("C-t", nil),
    ]

    @Test func everyScreenSurvivesEverySizeAndRandomKeys() async throws {
        let fixture = try E2EFixture(columns: 100, rows: 40)
        let tmux = fixture.tmux
        try await fixture.start()
        try await tmux.waitFor("[Places]")
        let pid = try #require(try await fixture.appPID())
        let probe = ProcessProbe(pid: pid)
        let baseline = try #require(probe.residentBytes)
        var random = SeededGenerator(seed: 16)
        var model = TextEditor()

        for stop in Self.stops {
            for key in stop.keys { try await tmux.send(key) }
            if stop.name == "composer" {
                // The model starts from the draft the composer opened with
                let store = try MessageStore(path: fixture.databasePath)
                let ada = try #require(try store.conversations().first { $0.conversation.title == "Ada" })
                model = TextEditor(text: try store.draft(for: ada.id).text)
            }
            do {
                try await tmux.waitFor(stop.marker, timeout: .seconds(30))
            } catch {
                Issue.record("\(stop.name) did not show: alive \(probe.isAlive), \(probe.cpuTime ?? .zero) CPU; \(error)")
                return
            }
            var sent: [String] = []
            var sizes = (10...200).map { (columns: $0, rows: 40) }
            sizes += (5...300).map { (columns: 100, rows: $0) }
            for (index, size) in sizes.enumerated() {
                try await tmux.resize(columns: size.columns, rows: size.rows)
                guard index % 8 == 0 else { continue }
                if stop.name == "composer" {
                    try await typeRandomly(into: tmux, model: &model, using: &random)
                } else if let key = stop.noise.randomElement(using: &random) {
                    try await tmux.send(key)
                    sent.append("\(size.columns)x\(size.rows):\(key)")
                }
            }
            // Back to a normal size: the app must answer (no hang) and still run (no crash)
            try await tmux.resize(columns: 100, rows: 40)
            try await tmux.send("C-l")
            do {
                try await tmux.waitFor(stop.marker, timeout: .seconds(30))
            } catch {
                Issue.record("\(stop.name) left after its sweep: alive \(probe.isAlive); keys \(sent); \(error)")
                return
            }
            #expect(probe.isAlive, "the app died on the \(stop.name) screen")
            // CPU use settles once the pictures for the last sizes are made (a layout loop pegs a
            // core for ever), and memory stays near where it started
            var idle = Duration.seconds(1)
            for _ in 0..<20 where idle >= .milliseconds(500) {
                let before = try #require(probe.cpuTime)
                try await Task.sleep(for: .seconds(1))
                idle = try #require(probe.cpuTime) - before
            }
            #expect(idle < .milliseconds(500), "\(stop.name): still \(idle) of CPU a second after 20 s")
            let resident = try #require(probe.residentBytes)
            #expect(resident < baseline + 200 << 20, "\(stop.name): \(resident >> 20) MB resident, \(baseline >> 20) MB at start")
        }

        // The composer: what the keys typed is what the database holds and what the screen shows
        let marker = "END\(Int.random(in: 1000...9999, using: &random))"
        try await tmux.send("C-e")
        model.moveToEnd()
        for character in marker { model.insert(character) }
        try await tmux.type(marker)
        let shown = try await tmux.waitFor(marker, timeout: .seconds(20))
        let store = try MessageStore(path: fixture.databasePath)
        let ada = try #require(try store.conversations().first { $0.conversation.title == "Ada" })
        let saved = try store.draft(for: ada.id).text
        #expect(saved == model.text, "saved \(saved.unicodeScalars.map { String($0.value, radix: 16) }) typed \(model.text.unicodeScalars.map { String($0.value, radix: 16) })")
        let input = try #require(shown.first { $0.contains("✎") })
        #expect(input.contains(marker))
        try await tmux.send("Escape", "Escape", "q")
        try await tmux.waitFor("EXIT=0", timeout: .seconds(20))
    }

    /// Sends a few random composer keys: literal text (scalars that join, RTL, wide) or editing and
    /// control keys; applies the same keys to `model`, scalar by scalar as the terminal delivers them.
    private func typeRandomly(into tmux: TmuxSession, model: inout TextEditor, using random: inout SeededGenerator) async throws {
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            if Bool.random(using: &random), let piece = FuzzText.typedPieces.randomElement(using: &random) {
                try await tmux.type(piece)
                for scalar in piece.unicodeScalars { _ = model.apply(.character(Character(scalar))) }
            } else if let (name, key) = Self.editingKeys.randomElement(using: &random) {
                try await tmux.send(name)
                if let key { _ = model.apply(key) }
            }
        }
    }
}
