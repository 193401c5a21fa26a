// AnimationFeedTests: an animation encoded for the terminal is handed on after every frame — the first alone, the
// animation not complete yet — and a feed shows its first frame while the others are made, then ends with them all
// within the decoding budget; a still picture is no animation.
import Foundation
import Imaging
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct AnimationFeedTests {
    private let fixtures = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging")
    private let box = ThumbnailBox(columns: 30, rows: 15, mode: .kitty)

    @Test func givenTheThousandFrameGIFWhenEncodedThenEachFrameIsHandedOnAsItIsMadeTheFirstAlone() throws {
        // Given the 1,000-frame GIF
        let gif = try Data(contentsOf: fixtures.appendingPathComponent("bad/frames-632x632x1000.gif"))
        // When it is encoded for a kitty box
        var counts: [Int] = [], complete: [Bool] = []
        let made = try #require(try ThumbnailEncoder().animation(gif, for: box) { sofar in
            counts.append(sofar.frames.count)
            complete.append(sofar.isComplete)
            return true
        })
        // Then the caller had the first frame alone, then one more each time, complete only at the last
        #expect(counts == Array(1...made.frames.count))
        #expect(made.frames.count > 1 && made.isComplete)
        #expect(complete == Array(repeating: false, count: made.frames.count - 1) + [true])
    }

    @Test func givenAFeedOfTheThousandFrameGIFWhenItsFirstFrameIsThereThenTheRestFollowsUntilItEnds() async throws {
        let gif = try Data(contentsOf: fixtures.appendingPathComponent("bad/frames-632x632x1000.gif"))
        let feed = AnimationFeed(gif, for: box, encoder: ThumbnailEncoder())
        // When its first frame is there
        let first = try #require(await feed.firstFrame())
        #expect(first.frames.count >= 1 && first.gaps.count > 1)
        // Then waiting for more ends with every frame within the budget
        var state = feed.current
        while !state.ended { state = feed.wait(forMoreThan: state.animation?.frames.count ?? 0) }
        let all = try #require(state.animation)
        #expect(all.isComplete && all.frames.count == first.gaps.count)
    }

    @Test func givenAStillPictureWhenFedThenThereIsNoAnimation() async throws {
        let webp = try Data(contentsOf: fixtures.appendingPathComponent("good/quadrants-32x24.webp"))
        let feed = AnimationFeed(webp, for: box, encoder: ThumbnailEncoder())
        #expect(await feed.firstFrame() == nil)
        #expect(feed.current.ended)
    }
}
