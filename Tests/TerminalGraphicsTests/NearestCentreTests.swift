// NearestCentreTests: the nearest of up to 256 colours found eight at a time is the one a scan in order finds — the
// first at the least distance — ties, padding and an empty list included.
@testable import TerminalGraphics
import TestSupport
import Testing

@Suite struct NearestCentreTests {
    /// The first of `centres` at the least squared distance from `colour`, by a scan in order.
    static func scanned(_ centres: [(red: Float, green: Float, blue: Float)], _ colour: (Float, Float, Float)) -> Int {
        var nearest = 0, nearestDistance = Float.infinity
        for (index, centre) in centres.enumerated() {
            let dr = centre.red - colour.0, dg = centre.green - colour.1, db = centre.blue - colour.2
            let distance = dr * dr + dg * dg + db * db
            if distance < nearestDistance { (nearest, nearestDistance) = (index, distance) }
        }
        return nearest
    }

    @Test(arguments: [1, 7, 8, 9, 100, 256])
    func theNearestIsTheFirstAScanFinds(count: Int) {
        // Given `count` colours on a coarse grid (so many are equally far from a colour) and colours between them
        var generator = SeededGenerator(seed: UInt64(count))
        let centres = (0..<count).map { _ in
            (red: Float(Int.random(in: 0...4, using: &generator) * 60), green: Float(Int.random(in: 0...4, using: &generator) * 60),
             blue: Float(Int.random(in: 0...4, using: &generator) * 60))
        }
        let search = NearestCentre(centres)
        for _ in 0..<2_000 {
            let colour = (Float.random(in: 0...255, using: &generator).rounded(), Float(Int.random(in: 0...8, using: &generator) * 30),
                          Float.random(in: 0...255, using: &generator))
            // Then the answer is the scan's, ties included
            #expect(search.nearest(red: colour.0, green: colour.1, blue: colour.2) == Self.scanned(centres, colour), "\(count) colours, \(colour)")
        }
    }

    @Test func aTieGoesToTheFirstColourAcrossBlocksAndLanes() {
        // the same colour at 3, 11 (next block, same lane) and 2 (an earlier lane)
        var centres = [(red: Float, green: Float, blue: Float)](repeating: (200, 200, 200), count: 16)
        centres[11] = (10, 10, 10)
        centres[3] = (10, 10, 10)
        #expect(NearestCentre(centres).nearest(red: 10, green: 10, blue: 10) == 3)
        centres[2] = (10, 10, 10)
        #expect(NearestCentre(centres).nearest(red: 12, green: 10, blue: 10) == 2)
        #expect(NearestCentre([]).nearest(red: 1, green: 2, blue: 3) == 0)
    }
}
