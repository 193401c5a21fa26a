// HTTPDateTests: the HTTP-date grammar of RFC 9110 §5.6.7, strictly — three forms read, anything else invalid.
import Foundation
@testable import SchemeLoader
import Testing

@Suite struct HTTPDateTests {
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)
    private static let sunday = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func theThreeFormsAreRead(text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == Self.sunday)
    }

    @Test(arguments: [
        "Sun 06 Nov 1994 08:49:37 GMT",  // no comma
        "Sun, 06 Nov 1994 08:49:37 UTC",  // UTC for GMT
        "Sun, 06 Nov 1994 8:49:37 GMT",  // one-digit hour
        "Sun,  06 Nov 1994 08:49:37 GMT",  // extra space
        "Sun, 06 Nov 1994 08:49:37 GMT, Sun, 06 Nov 1994 08:49:37 GMT",  // two lines joined
        "sun, 06 nov 1994 08:49:37 gmt",  // case-sensitive names
        "Sun, 31 Feb 1994 08:49:37 GMT",  // no such day
        "Sun, 06 Nov 1994 24:00:00 GMT",  // no such hour
        "0", "-1", "",
    ])
    func anythingElseIsInvalid(text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == nil)
    }

    @Test func aTwoDigitYearMoreThan50YearsAheadIsInThePast() {
        // RFC 9110 §5.6.7: read "as representing the most recent year in the past that had the same last two digits".
        let in2027 = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(HTTPDate.parse("Friday, 01-Jan-88 00:00:00 GMT", now: in2027) == Date(timeIntervalSince1970: 567_993_600), "1988")
        #expect(HTTPDate.parse("Thursday, 01-Jan-70 00:00:00 GMT", now: in2027).map { $0 > in2027 } == true, "2070")
    }
}
