// A list file within the 16 MiB cap can still hold millions of lines: at most `maximumPictures` pictures are
// opened (the rest is not read, and one line says so), and a flood of bad lines is reported as the first few
// and a count, not a million lines on standard error.
import Foundation
@testable import snapterm
import Testing

@Suite struct URLListBoundsTests {
    @Test func aListOfMorePicturesThanTheCapOpensTheFirstOnesAndSaysWhereItStopped() {
        // Given a list of three times the cap of two-byte lines, with a comment and a blank line first
        let lines = URLList.maximumPictures * 3
        var text = "# many\n\n"
        text.reserveCapacity(lines * 2 + 8)
        for _ in 0..<lines { text += "a\n" }

        // When it is parsed
        let list = URLList.parse(Data(text.utf8), list: "big.txt", folder: "/lists", exists: { _ in true })

        // Then the first `maximumPictures` pictures are kept, and one problem names the line from which nothing was read
        #expect(list.lines.count == URLList.maximumPictures)
        #expect(list.lines.last?.number == URLList.maximumPictures + 2)
        #expect(list.problems == [.tooManyPictures(list: "big.txt", limit: URLList.maximumPictures,
                                                   fromLine: URLList.maximumPictures + 3)])
        #expect("\(list.problems[0])".contains("the first \(URLList.maximumPictures) are shown"))
    }

    @Test func aFloodOfBadLinesIsReportedAsTheFirstFewAndACount() {
        // Given a list of 10,000 lines in an unsupported scheme and one good line at its end
        let text = String(repeating: "ftp://example.com/x.jpg\n", count: 10_000) + "https://example.com/ok.jpg\n"

        // When it is parsed
        let list = URLList.parse(Data(text.utf8), list: "bad.txt", folder: "/lists")

        // Then the good line is kept, the first bad lines are named, and the others are one count
        #expect(list.lines.map(\.number) == [10_001])
        #expect(list.problems.count == URLList.maximumReportedProblems + 1)
        #expect(list.problems.last == .moreBadLines(list: "bad.txt", count: 10_000 - URLList.maximumReportedProblems))
        #expect("\(list.problems.last!)" == "bad.txt: \(10_000 - URLList.maximumReportedProblems) more bad lines, skipped")
    }
}
