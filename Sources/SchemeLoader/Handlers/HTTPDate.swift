// HTTPDate: strict HTTP-date parsing (RFC 9110 §5.6.7) — IMF-fixdate, and the obsolete RFC 850 and asctime forms.
import Foundation

/// Reads an HTTP-date exactly as RFC 9110 §5.6.7 writes it: `Sun, 06 Nov 1994 08:49:37 GMT`
/// (IMF-fixdate), or one of the obsolete forms a recipient must still read, `Sunday, 06-Nov-94 08:49:37 GMT`
/// (RFC 850) and `Sun Nov  6 08:49:37 1994` (asctime). Anything else — no comma, `UTC` for `GMT`, a
/// one-digit hour, extra spaces, several values joined by commas — is invalid (`nil`); the names are
/// case-sensitive, as the grammar's `%s"…"` strings are.
enum HTTPDate {
    private static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The moment `text` names, or `nil` when it is not an HTTP-date. `now` places an RFC 850 date's
    /// two-digit year: one more than 50 years ahead of `now` is read as the most recent past such year.
    static func parse(_ text: String, now: Date) -> Date? {
        let bytes = Array(text.utf8)
        return imfFixdate(bytes) ?? rfc850Date(bytes, now: now) ?? asctimeDate(bytes)
    }

    /// `IMF-fixdate = day-name "," SP 2DIGIT SP month SP 4DIGIT SP time-of-day SP "GMT"`
    private static func imfFixdate(_ bytes: [UInt8]) -> Date? {
        var cursor = Cursor(bytes: bytes)
        guard cursor.word(in: dayNames) != nil, cursor.literal(", "), let day = cursor.digits(2), cursor.literal(" "),
              let month = cursor.word(in: monthNames), cursor.literal(" "), let year = cursor.digits(4), cursor.literal(" "),
              let time = cursor.timeOfDay(), cursor.literal(" GMT"), cursor.isAtEnd else { return nil }
        return moment(year: year, month: month + 1, day: day, time: time)
    }

    /// `rfc850-date = day-name-l "," SP 2DIGIT "-" month "-" 2DIGIT SP time-of-day SP "GMT"`
    private static func rfc850Date(_ bytes: [UInt8], now: Date) -> Date? {
        var cursor = Cursor(bytes: bytes)
        guard cursor.word(in: longDayNames) != nil, cursor.literal(", "), let day = cursor.digits(2), cursor.literal("-"),
              let month = cursor.word(in: monthNames), cursor.literal("-"), let shortYear = cursor.digits(2),
              cursor.literal(" "), let time = cursor.timeOfDay(), cursor.literal(" GMT"), cursor.isAtEnd else { return nil }
        let thisYear = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "GMT")!, from: now).year ?? 1970
        var year = thisYear - thisYear % 100 + shortYear
        if year > thisYear + 50 { year -= 100 }
        return moment(year: year, month: month + 1, day: day, time: time)
    }

    /// `asctime-date = day-name SP month SP ( 2DIGIT / ( SP DIGIT ) ) SP time-of-day SP 4DIGIT`
    private static func asctimeDate(_ bytes: [UInt8]) -> Date? {
        var cursor = Cursor(bytes: bytes)
        guard cursor.word(in: dayNames) != nil, cursor.literal(" "), let month = cursor.word(in: monthNames),
              cursor.literal(" ") else { return nil }
        let day: Int? = cursor.literal(" ") ? cursor.digits(1) : cursor.digits(2)
        guard let day, cursor.literal(" "), let time = cursor.timeOfDay(), cursor.literal(" "),
              let year = cursor.digits(4), cursor.isAtEnd else { return nil }
        return moment(year: year, month: month + 1, day: day, time: time)
    }

    /// The moment of a calendar date and time in GMT, or `nil` for a day or time that does not exist.
    private static func moment(year: Int, month: Int, day: Int, time: (hour: Int, minute: Int, second: Int)) -> Date? {
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...lengths[month - 1]).contains(day), time.hour < 24, time.minute < 60, time.second <= 60 else { return nil }
        // Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Reads an HTTP-date's pieces left to right; every read either matches exactly and advances, or fails.
    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func literal(_ text: String) -> Bool {
            let expected = Array(text.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else { return false }
            index += expected.count
            return true
        }

        /// Exactly `count` ASCII digits.
        mutating func digits(_ count: Int) -> Int? {
            guard bytes.count - index >= count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// The index of the longest word of `words` that comes next.
        mutating func word(in words: [String]) -> Int? {
            let start = index
            for (position, word) in words.enumerated().sorted(by: { $0.element.count > $1.element.count }) {
                if literal(word) { return position }
                index = start
            }
            return nil
        }

        /// `time-of-day = 2DIGIT ":" 2DIGIT ":" 2DIGIT`
        mutating func timeOfDay() -> (hour: Int, minute: Int, second: Int)? {
            guard let hour = digits(2), literal(":"), let minute = digits(2), literal(":"), let second = digits(2) else { return nil }
            return (hour, minute, second)
        }
    }
}
