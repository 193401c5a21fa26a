// End to end in tmux: a draft attachment's caption too long for its cell ends at a word with "…", not cut
// as "1 photo · rotated 90° ·".
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct DraftCaptionEndToEndTests {
    @Test func aLongDraftCaptionEndsAtAWordWithAnEllipsis() async throws {
        // Given a draft with a photo rotated, cropped and filtered ("1 photo · rotated 90° · cropped · mono")
        let fixture = try E2EFixture()
        let tmux = fixture.tmux
        try await fixture.openFirstConversation()
        try await tmux.openFirstPhotoInEditor()
        try await tmux.send("r", "c", "f")
        try await tmux.waitFor("rotate 90° · crop centre square · filter mono")
        // When it is attached
        try await tmux.send("Enter")
        let lines = try await tmux.waitFor { lines in lines.contains { $0.contains("1 photo") } }
        // Then its caption, narrower than the whole, ends with "…" after a word
        let caption = try #require(lines.first { $0.contains("1 photo") }).trimmingCharacters(in: .whitespaces)
        #expect(caption.hasSuffix("…") && !caption.hasSuffix("·…") && !caption.hasSuffix(" …"), "caption: \(caption)")
        #expect(!caption.hasSuffix("·"), "caption: \(caption)")
        try await tmux.send("Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }
}
