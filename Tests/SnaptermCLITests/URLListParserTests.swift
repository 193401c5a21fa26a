// The list file of `snapterm --list FILE`: one URL or path a line; comments, blanks, CRLF and a BOM are
// skipped; each bad line is named by its number and every other line is kept, in order.
import Foundation
@testable import snapterm
import Testing

@Suite struct URLListParserTests {
    private func parse(_ text: String, exists: @escaping (String) -> Bool = { _ in false }) -> URLList {
        URLList.parse(Data(text.utf8), list: "pics.txt", folder: "/lists", exists: exists)
    }

    @Test func commentsBlanksCRLFAndAByteOrderMarkAreSkipped() {
        // Given a list with a BOM, CRLF line ends, a comment, blank and indented lines
        let text = "\u{FEFF}# my pictures\r\nhttps://example.com/a.jpg\r\n\r\n   \t\r\n  # indented comment\r\n\tb.png  \r\n"
        // When it is parsed
        let list = parse(text)
        // Then the two pictures are kept with their line numbers; the relative path is under the list's folder
        #expect(list.problems.isEmpty)
        #expect(list.lines == [URLList.Line(number: 2, source: .url(URL(string: "https://example.com/a.jpg")!)),
                               URLList.Line(number: 6, source: .path(URL(fileURLWithPath: "/lists/b.png")))])
    }

    @Test func badLinesAreNamedByNumberAndEveryOtherLineIsKept() {
        // Given a list where every other line is bad
        let long = "/" + String(repeating: "x", count: URLList.maximumLineBytes)
        var bytes = Data("""
            a.jpg
            ftp://example.com/b.jpg
            /abs/c.jpg
            http://
            d.jpg\u{1B}[31m
            e.jpg
            \(long)
            https://example.com/f.jpg
            -
            g.jpg\u{202E}gnp.exe
            http://[::1/x.jpg

            """.utf8)
        bytes += Data([0x68, 0xFF, 0x2E, 0x6A, 0x70, 0x67, 0x0A]) + Data("h.jpg\rx\n".utf8) + Data("map://?lat=60&lon=24\n".utf8)
        // When it is parsed
        let list = URLList.parse(bytes, list: "pics.txt", folder: "/lists", exists: { _ in false })
        // Then the good lines are all there, in order
        #expect(list.lines.map(\.number) == [1, 3, 6, 8, 14])
        // And each bad line is named by its number and cause
        let expected: [(Int, URLListError.BadLine)] = [
            (2, .unsupportedScheme("ftp", supported: URLList.schemes)), (4, .noHost("http://")), (5, .controlCharacter(0x1B)),
            (7, .tooLong(bytes: long.utf8.count, limit: URLList.maximumLineBytes)), (9, .standardInput),
            (10, .controlCharacter(0x202E)), (11, .notAURL("http://[::1/x.jpg")), (12, .notUTF8), (13, .controlCharacter(0x0D)),
        ]
        #expect(list.problems == expected.map { URLListError.badLine(list: "pics.txt", number: $0.0, reason: $0.1) })
        #expect("\(list.problems[0])" == "pics.txt line 2: unsupported scheme 'ftp' (use http, https, file, asset, map or a path), skipped")
    }

    @Test func anExistingFileThatLooksLikeAURLIsAPath() {
        // Given a list naming a file called `photo:1.jpg` that exists next to the list
        let list = parse("photo:1.jpg\n", exists: { $0 == "/lists/photo:1.jpg" })
        // Then it is that file, not a URL of scheme `photo`
        #expect(list.problems.isEmpty)
        #expect(list.lines.first?.source == .path(URL(fileURLWithPath: "/lists/photo:1.jpg")))
    }

    @Test func aListOfAThousandLinesKeepsEveryLineInOrder() {
        // Given 1,000 URLs and paths, every tenth line a comment
        let text = (1...1000).map { $0 % 10 == 0 ? "# \($0)" : $0 % 2 == 0 ? "https://example.com/\($0).jpg" : "p/\($0).png" }
            .joined(separator: "\n")
        // When it is parsed
        let list = parse(text)
        // Then the 900 pictures are there with their line numbers, in order
        #expect(list.problems.isEmpty)
        #expect(list.lines.count == 900)
        #expect(list.lines.map(\.number) == (1...1000).filter { $0 % 10 != 0 })
        #expect(list.lines.last?.source == .path(URL(fileURLWithPath: "/lists/p/999.png")))
    }
}
