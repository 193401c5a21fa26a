// KittyImageIDsTests: kitty image ids belong to the process, not to the thumbnail — two Snapterm processes showing
// the same picture in one terminal (tmux panes, two previews) hold different ids, so neither deletes the other's.
import Foundation
import SnaptermUI
import TerminalGraphics
import Testing

@MainActor @Suite struct KittyImageIDsTests {
    private let url = "thumb://?src=file:///home/ada/a.jpg&cols=18&rows=6&cw=9&ch=18&mode=kitty"

    @Test func twoProcessesGiveTheSameThumbnailDifferentIDs() {
        // Given two processes' sequences (each process starts its own at a random id)
        let first = KittyPlacer(ids: KittyImageIDs()), second = KittyPlacer(ids: KittyImageIDs())
        // When both show the same thumbnail
        let a = first.imageID(for: url), b = second.imageID(for: url)
        // Then their ids differ (equal only for one pair of starts in 2²⁴), and each keeps its own
        #expect(a != b)
        #expect(first.imageID(for: url) == a && second.imageID(for: url) == b)
        #expect((1...KittyImageIDs.maximum).contains(a) && (1...KittyImageIDs.maximum).contains(b))
    }

    @Test func idsFollowTheProcessSequenceNotTheURL() {
        // Given sequences that start at known ids
        let placeholders = KittyPlaceholderPlacer(ids: KittyImageIDs(start: 500))
        let placer = KittyPlacer(ids: KittyImageIDs(start: 9_000))
        // Then the same URL takes whatever id its process's sequence is at, and the next URL the next id
        #expect(placeholders.imageID(for: url) == 500 && placer.imageID(for: url) == 9_000)
        #expect(placeholders.imageID(for: "thumb://b") == 501 && placer.imageID(for: "thumb://b") == 9_001)
        #expect(placeholders.imageID(for: url) == 500)
    }

    @Test func theSequenceWrapsPastTheLargestIDToOneNeverZero() {
        let ids = KittyImageIDs(start: KittyImageIDs.maximum)
        #expect(ids.take() == KittyImageIDs.maximum && ids.take() == 1 && ids.take() == 2)
        #expect(KittyImageIDs(start: 0).take() == 1)
    }

    @Test func placersOfOneProcessNeverShareAnID() {
        // Given two placers drawing from one process's sequence
        let ids = KittyImageIDs(start: 40)
        let placer = KittyPlacer(ids: ids), placeholders = KittyPlaceholderPlacer(ids: ids)
        // Then the same URL and another get three different ids
        let taken = [placer.imageID(for: url), placeholders.imageID(for: url), placer.imageID(for: "thumb://b")]
        #expect(Set(taken).count == 3)
    }
}
