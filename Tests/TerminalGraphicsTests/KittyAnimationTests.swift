// KittyAnimationTests: an animation for kitty is the first frame shown (a=T, with an id), every other frame added
// with its gap (a=f, z=), the first frame's gap, then the loop started (a=a, s=3, v=) — all under one id, no replies.
import Foundation
import TerminalGraphics
import TestSupport
import Testing

@Suite struct KittyAnimationTests {
    @Test func givenThreeFramesWhenDisplayedThenOneShowTwoFramesAndTheLoopInOrder() throws {
        // Given three frames, 70, 150 and 100 ms, playing for ever
        let frames: [KittyPayload] = ["one", "two", "three"].map { .png(Data($0.utf8)) }
        // When the animation's bytes are built
        let log = KittyCommandLog(KittyAnimation.display(id: 777, frames: frames, gaps: [70, 150, 100], loopCount: 0, columns: 4, rows: 2))
        // Then: show the first frame, add two frames with their gaps, set the first frame's gap, run looping
        #expect(log.commands.map { $0["a"] } == ["T", "f", "f", "a", "a"])
        #expect(log.commands.allSatisfy { $0["i"] == "777" && $0["q"] == "2" })
        let shown = try #require(log.commands.first)
        #expect(shown["c"] == "4" && shown["r"] == "2" && Data(base64Encoded: shown.payload) == Data("one".utf8))
        #expect(log.commands(action: "f").map { $0["z"] } == ["150", "100"])
        #expect(log.commands(action: "f").map { Data(base64Encoded: $0.payload) } == [Data("two".utf8), Data("three".utf8)])
        let controls = log.commands(action: "a")
        #expect(controls[0]["r"] == "1" && controls[0]["z"] == "70")
        #expect(controls[1]["s"] == "3" && controls[1]["v"] == "1")
    }

    @Test func givenALoopCountWhenDisplayedThenKittyIsToldOneMore() {
        let log = KittyCommandLog(KittyAnimation.display(id: 5, frames: [.png(Data("a".utf8)), .png(Data("b".utf8))],
                                                         gaps: [100, 100], loopCount: 2, columns: 1, rows: 1))
        #expect(log.commands(action: "a").last?["v"] == "3")
    }

    @Test func givenALargeFrameWhenDisplayedThenItIsChunkedAndStillOneFrame() {
        // Given a second frame of 6,000 bytes (two chunks of base64)
        let big = Data((0..<6000).map { UInt8($0 % 251) })
        let bytes = KittyAnimation.display(id: 9, frames: [.png(Data("a".utf8)), .png(big)], gaps: [50, 60], loopCount: 0, columns: 1, rows: 1)
        // Then the continuation chunk says it is a frame too (kitty 0.26 loses it otherwise), and the payload is whole
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}_Ga=f,q=2,m=0;"))
        let frame = KittyCommandLog(bytes).commands(action: "f")
        #expect(frame.count == 1 && Data(base64Encoded: frame[0].payload) == big && frame[0]["z"] == "60")
    }
}
