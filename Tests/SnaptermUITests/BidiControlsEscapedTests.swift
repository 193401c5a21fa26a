// BidiControlsEscapedTests: bidirectional controls (U+202E and kin) in outside text are shown escaped like C0/C1
// controls — by SafeText, by every canvas, in a folder gallery's names — so nothing reorders what a user reads.
import Foundation
import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing

@MainActor @Suite struct BidiControlsEscapedTests {
    /// ALM, LRM, RLM, the embeddings and overrides, the isolates.
    nonisolated static let controls: [UInt32] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    private func hasBidiControl(_ text: String) -> Bool { text.unicodeScalars.contains { Self.controls.contains($0.value) } }

    @Test(arguments: controls)
    func eachControlIsShownAsItsCodePoint(_ value: UInt32) throws {
        let control = String(try #require(Unicode.Scalar(value)))
        let name = "<U+" + String(value, radix: 16, uppercase: true).leftPadded(to: 4) + ">"
        // Given a file name holding the control
        let text = "invoice" + control + "fdp.exe"
        // Then its visible form, clipped, wrapped or kept as lines, shows the code point and never the control
        #expect(SafeText.visible(text) == "invoice" + name + "fdp.exe")
        #expect(SafeText.visible(text, keepingLineBreaks: true) == "invoice" + name + "fdp.exe")
        #expect(SafeText.wrapped(text, width: 6).joined() == "invoice" + name + "fdp.exe")
        #expect(!hasBidiControl(SafeText.clipped(SafeText.visible(text), to: 12)))
        #expect(SafeText.isControl(try #require(Unicode.Scalar(value))))
    }

    @Test func lettersAndJoinersAroundThemStay() {
        // Right-to-left letters, joiners and other format characters are text, not controls
        let text = "שלום مرحبا 👨‍👩‍👧 a\u{200B}b"
        #expect(SafeText.visible(text) == text)
        #expect(SafeText.visible("a\tb\nc", keepingLineBreaks: true) == "a\tb\nc")
        #expect(SafeText.visible("a\tb\nc") == "a b^Jc")
        #expect(SafeText.visible("\u{9B}31m") == "<U+009B>31m")
    }

    @Test func theMemoryCanvasShowsWhatATerminalWouldGet() {
        // Given text put on a canvas raw (a screen that forgot to escape it)
        let canvas = MemoryCanvas(rows: 2, columns: 40)
        canvas.put("pay \u{202E}01$ \u{1B}[2J", row: 0, column: 0)
        // Then it shows the escaped form, as CursesScreen writes it
        #expect(canvas.lines[0] == "pay <U+202E>01$ ^[[2J")
    }

    @Test func aFolderGalleryShowsAFileNameWithAnOverrideEscaped() async throws {
        // Given a folder with a picture whose name reverses what follows it
        let folder = try FolderFixtures.folder(count: 1)
        try FileManager.default.moveItem(at: folder.appending("photo-1.jpg"), to: folder.appending("a\u{202E}gpj.exe.jpg"))
        let screen = try FolderFixtures.gallery(folder)
        #expect(await UIFixtures.eventually { screen.placeholderCount.placeholders == 0 })
        // When it is drawn
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        _ = screen.draw(on: canvas, area: FolderFixtures.area, options: DrawOptions())
        // Then the caption and the status line show the override as its code point
        #expect(canvas.lines[7].contains("▶ a<U+202E>gpj.exe"))
        #expect(canvas.lines[22].contains("a<U+202E>gpj.exe.jpg"))
        #expect(!hasBidiControl(canvas.lines.joined()))
    }
}

private extension String {
    func leftPadded(to count: Int) -> String { String(repeating: "0", count: max(0, count - self.count)) + self }
}
