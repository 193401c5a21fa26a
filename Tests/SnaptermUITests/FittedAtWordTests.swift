// FittedAtWordTests: a caption too long for its cell ends at a word with "…", never on a dangling " ·".
@testable import SnaptermUI
import TerminalGraphics
import Testing

@Suite struct FittedAtWordTests {
    @Test func aDraftCaptionEndsAtAWordWithAnEllipsis() {
        let caption = "1 photo · rotated 90° · cropped · mono"
        // The width that used to show "1 photo · rotated 90° ·"
        #expect(SafeText.fittedAtWord(caption, to: 23) == "1 photo · rotated 90°…")
        #expect(SafeText.fittedAtWord(caption, to: 12) == "1 photo…")
        for width in 1...SafeText.width(of: caption) {
            let fitted = SafeText.fittedAtWord(caption, to: width)
            #expect(SafeText.width(of: fitted) <= width, "\(fitted) wider than \(width)")
            #expect(!fitted.hasSuffix("·") && !fitted.hasSuffix(" ·…") && !fitted.hasSuffix(" …"), "\(fitted)")
        }
    }

    @Test func textThatFitsIsWholeAndAFirstWordTooWideIsCutInside() {
        #expect(SafeText.fittedAtWord("1 photo", to: 7) == "1 photo")
        #expect(SafeText.fittedAtWord("chelsea-exif-orientation-6.jpg", to: 10) == "chelsea-e…")
    }
}
